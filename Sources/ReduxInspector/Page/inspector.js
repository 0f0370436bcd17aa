"use strict";
const embeddedData = document.getElementById("session-data");
let DATA = null;
let unreadable = null;
try {
  DATA = embeddedData ? JSON.parse(embeddedData.textContent) : null;
} catch (error) {
  // Too large for this browser, or cut short: say so rather than show a page that does nothing.
  unreadable = "This export cannot be read (" + error.message + "): it may be too large for this browser, or "
    + "cut short. Write a shorter session, or open the recording with the inspector's server.";
}
const PAGE = 200;
const $ = (id) => document.getElementById(id);
const list = $("list"), spacer = $("spacer"), slider = $("slider");
let session = { count: 0, notes: [], types: [], edited: false, interactive: false, exportsTests: false };
let filter = "", search = "", total = 0, position = 0, selected = null, listVersion = 0, selection = 0;
const pages = new Map();
const openPaths = new Set(["$"]), closedPaths = new Set();
// A link may say what to show (#select=12&skip=3,4&open=scoreHistory.totals&export=3-6&search=rock):
// the action selected, actions to skip (on the server, only once the user confirms on the
// page: a link from another page must not edit the session), the state's nodes opened by
// field path, the range of a test filled in (written only once the user clicks: a link from
// another page must not start work), the list searched.
const link = new URLSearchParams(location.hash.slice(1));
const linkedPaths = (link.get("open") || "").split(",").filter((path) => path);

const api = DATA ? embeddedApi(DATA) : liveApi();

function liveApi() {
  async function call(path, options) {
    const response = await fetch(path, options);
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || ("HTTP " + response.status));
    return body;
  }
  const post = (path, body) => call(path, { method: "POST", body: body });
  return {
    session: () => call("/api/session"),
    entries: (from, count, type, text) =>
      call("/api/entries?from=" + from + "&count=" + count + (type ? "&type=" + encodeURIComponent(type) : "") +
        (text ? "&search=" + encodeURIComponent(text) : "")),
    state: (index) => call("/api/state?index=" + index),
    diff: (index) => call("/api/diff?index=" + index),
    toggle: (index) => post("/api/toggle?index=" + index),
    move: (from, to) => post("/api/move?from=" + from + "&to=" + to),
    importJournal: (bytes) => post("/api/journal", bytes),
    testJob: () => call("/api/test"),
    startTest: (first, through) => post("/api/test?from=" + first + "&through=" + through),
    cancelTest: () => post("/api/test/cancel"),
  };
}

function embeddedApi(data) {
  // The tree after an entry: the nearest whole tree before it, with the entries' patches
  // applied on; the last one built is kept, so stepping forward applies one entry's.
  let built = null;
  function treeAfter(index) {
    const checkpoint = Math.floor((index + 1) / data.interval);
    if (!built || built.index > index || built.index < checkpoint * data.interval - 1) {
      built = { index: checkpoint * data.interval - 1, tree: structuredClone(data.checkpoints[checkpoint]) };
    }
    for (let at = built.index + 1; at <= index; at++) {
      for (const patch of data.patches[at]) built.tree = applyPatch(built.tree, patch);
    }
    built.index = index;
    return structuredClone(built.tree);
  }
  function applyPatch(tree, patch) {
    if (!patch.path.length && patch.node) return structuredClone(patch.node);
    let node = tree;
    for (const [depth, at] of patch.path.entries()) {
      if (patch.node && depth === patch.path.length - 1) {
        node.children[at] = structuredClone(patch.node);
        return tree;
      }
      node = node.children[at];
    }
    if (patch.value != null) node.value = patch.value;
    if (patch.append) node.children.push(...structuredClone(patch.append));
    return tree;
  }
  const filtered = new Map();
  const entriesOf = (type, text) => {
    const key = type + "\u0000" + text;
    if (!type && !text) return data.entries;
    const lowered = text.toLowerCase();
    if (!filtered.has(key)) {
      filtered.set(key, data.entries.filter((entry) => (!type || entry.typeName === type) &&
        (!text || (entry.typeName + " " + entry.summary).toLowerCase().includes(lowered))));
    }
    return filtered.get(key);
  };
  const missing = () => new Error(data.trimmed || "This export does not hold that state.");
  return {
    session: async () => data.session,
    entries: async (from, count, type, text) => {
      const all = entriesOf(type, text);
      return { total: all.length, from: from, entries: all.slice(from, from + count) };
    },
    state: async (index) => {
      if (index >= data.patches.length) throw missing();
      return { index: index, tree: treeAfter(index) };
    },
    diff: async (index) => {
      if (index >= data.changes.length) throw missing();
      return { index: index, changes: data.changes[index] };
    },
  };
}

function setStatus(text) { $("status").textContent = text; }

async function loadSession() {
  session = await api.session();
  const edited = session.edited ? " · edited" : "";
  $("summary").textContent = session.count.toLocaleString() + " actions" + edited + (DATA ? " · read-only export" : "");
  const notes = session.notes.slice();
  if (DATA && DATA.trimmed) notes.push(DATA.trimmed);
  $("notes").textContent = notes.join(" ");
  const select = $("type-filter");
  const current = select.value;
  select.replaceChildren(new Option("All types", ""));
  for (const type of session.types) select.add(new Option(type, type));
  select.value = session.types.includes(current) ? current : "";
  filter = select.value;
  for (const id of ["export", "import-label"]) $(id).hidden = !session.interactive;
  $("export-test").hidden = !session.exportsTests;
}

async function reload() {
  pages.clear();
  listVersion += 1;
  await loadSession();
  const first = await page(0);
  total = first.total;
  spacer.style.height = total * rowHeight() + "px";
  slider.max = Math.max(0, total - 1);
  await select(Math.min(position, Math.max(0, total - 1)), false);
  render();
}

function rowHeight() { return parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--row")) || 28; }

async function page(number) {
  const key = filter + "\u0000" + search + "\u0000" + number;
  let promise = pages.get(key);
  if (!promise) {
    promise = api.entries(number * PAGE, PAGE, filter, search).then(
      (result) => { promise.done = result; return result; },
      (error) => { pages.delete(key); throw error; });
    pages.set(key, promise);
  }
  return promise;
}

async function entryAt(listPosition) {
  const result = await page(Math.floor(listPosition / PAGE));
  return result.entries[listPosition % PAGE] || null;
}

function render() {
  const height = rowHeight();
  const first = Math.max(0, Math.floor(list.scrollTop / height) - 5);
  const last = Math.min(total, Math.ceil((list.scrollTop + list.clientHeight) / height) + 5);
  const rows = [];
  const waiting = new Set();
  for (let at = first; at < last; at++) {
    const key = filter + "\u0000" + search + "\u0000" + Math.floor(at / PAGE);
    const cached = pages.get(key);
    rows.push(makeRow(at, cached && cached.done ? cached.done.entries[at % PAGE] : null));
    if (!cached || !cached.done) waiting.add(Math.floor(at / PAGE));
  }
  spacer.replaceChildren(...rows);
  const version = listVersion;
  for (const number of waiting) {
    page(number).then(() => { if (version === listVersion) render(); }).catch((error) => setStatus(error.message));
  }
}

function makeRow(at, entry) {
  const row = document.createElement("div");
  row.className = "row" + (at === position ? " selected" : "") + (entry && entry.isSkipped ? " skipped" : "");
  row.style.top = at * rowHeight() + "px";
  const index = document.createElement("span");
  index.className = "index";
  index.textContent = entry ? "#" + entry.index : "";
  const type = document.createElement("span");
  type.className = "type";
  // The type without the feature or module before it (the details name it whole), so that
  // the action's values have room.
  type.textContent = entry ? entry.typeName.slice(entry.typeName.lastIndexOf(".") + 1) : "…";
  row.append(index, type);
  if (entry) {
    // The action's values in short: its description from the first parenthesis.
    const opening = entry.summary.indexOf("(");
    if (opening >= 0) {
      const values = document.createElement("span");
      values.className = "values";
      values.textContent = entry.summary.slice(opening);
      row.append(values);
    }
    row.title = entry.summary;
    if (entry.causes.length) {
      const causes = document.createElement("span");
      causes.className = "causes";
      causes.textContent = "← " + entry.causes.map((cause) => "#" + cause).join(" ← ");
      row.append(causes);
    }
    if (entry.time != null && clockTime(entry.time)) {
      const time = document.createElement("span");
      time.className = "time";
      time.textContent = clockTime(entry.time);
      row.append(time);
    }
    if (entry.problem) {
      const problem = document.createElement("span");
      problem.className = "problem";
      problem.textContent = "⚠";
      problem.title = entry.problem;
      row.append(problem);
    }
    if (session.interactive) {
      const toggle = document.createElement("button");
      toggle.type = "button";
      toggle.textContent = entry.isSkipped ? "restore" : "skip";
      toggle.title = entry.isSkipped ? "Restore this action: apply it again" : "Skip this action: the states after it leave it out";
      toggle.addEventListener("click", (event) => { event.stopPropagation(); edit(() => api.toggle(entry.index)); });
      row.append(toggle);
    }
  }
  row.addEventListener("click", () => select(at, true));
  return row;
}

async function select(listPosition, scroll) {
  if (total === 0) { selected = null; showEntry(null); return; }
  position = Math.max(0, Math.min(total - 1, listPosition));
  slider.value = position;
  $("position").textContent = (position + 1).toLocaleString() + " / " + total.toLocaleString();
  if (scroll) scrollIntoView();
  render();
  const token = ++selection;
  const entry = await entryAt(position);
  if (token !== selection) return;
  selected = entry;
  showEntry(entry);
  if (!entry) return;
  try {
    const [state, diff] = await Promise.all([api.state(entry.index), api.diff(entry.index)]);
    if (token !== selection) return;
    showDiff(diff.changes);
    showTree(state.tree);
    setStatus("");
  } catch (error) {
    if (token !== selection) return;
    showDiff(null);
    $("tree").replaceChildren(note(error.message));
  }
}

function scrollIntoView() {
  const height = rowHeight();
  const top = position * height;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + height > list.scrollTop + list.clientHeight) list.scrollTop = top + height - list.clientHeight;
}

function note(text) {
  const element = document.createElement("p");
  element.className = "empty";
  element.textContent = text;
  return element;
}

// A recorded time (milliseconds since 1970) as the local clock time, to the millisecond; empty
// for a time no date holds (a journal edited by hand, say).
function clockTime(milliseconds) {
  const date = new Date(milliseconds);
  if (!Number.isFinite(date.getTime())) return "";
  const pad = (value, width) => String(value).padStart(width, "0");
  return pad(date.getHours(), 2) + ":" + pad(date.getMinutes(), 2) + ":" + pad(date.getSeconds(), 2) +
    "." + pad(date.getMilliseconds(), 3);
}

function showEntry(entry) {
  $("detail-title").textContent = entry ? "#" + entry.index + " " + entry.typeName : "No action selected";
  $("detail-summary").textContent = entry ? entry.summary : "";
  const causes = $("detail-causes");
  causes.replaceChildren();
  if (entry && entry.causes.length) {
    causes.append("Caused by ");
    entry.causes.forEach((cause, number) => {
      if (number > 0) causes.append(" ← ");
      const link = document.createElement("a");
      link.textContent = "#" + cause;
      link.addEventListener("click", () => jumpToIndex(cause));
      causes.append(link);
    });
  }
  $("detail-site").textContent =
    (entry && entry.site ? "Sent from " + entry.site : "") +
    (entry && entry.time != null && clockTime(entry.time) ? (entry.site ? " at " : "Applied at ") + clockTime(entry.time) : "");
  $("detail-problem").textContent = entry && entry.problem ? entry.problem : "";
  const editable = !!entry && session.interactive;
  $("toggle").disabled = !editable;
  $("toggle").textContent = entry && entry.isSkipped ? "Restore" : "Skip";
  $("move-up").disabled = !editable || entry.index === 0 || filter !== "" || search !== "";
  $("move-down").disabled = !editable || entry.index === session.count - 1 || filter !== "" || search !== "";
  for (const id of ["toggle", "move-up", "move-down"]) $(id).hidden = !session.interactive;
}

async function jumpToIndex(index) {
  if (filter || search) {
    filter = ""; search = ""; $("type-filter").value = ""; $("search").value = "";
    position = index; await reload(); scrollIntoView(); render(); return;
  }
  await select(index, true);
}

function showDiff(changes) {
  const body = $("diff").tBodies[0];
  body.replaceChildren();
  if (!changes) return;
  if (!changes.length) {
    const row = body.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 2;
    cell.className = "empty";
    cell.textContent = selected && selected.isSkipped ? "Skipped: no change." : "No change.";
    return;
  }
  for (const change of changes) {
    const row = body.insertRow();
    // A path breaks after a dot or before a subscript, not inside a name.
    const path = row.insertCell();
    (change.path || "(root)").split(/(?<=\.)|(?=\[)/).forEach((piece, index) => {
      if (index) path.append(document.createElement("wbr"));
      path.append(piece);
    });
    const values = row.insertCell();
    const old = document.createElement("span");
    old.className = "old";
    old.textContent = change.old;
    const arrow = document.createTextNode(" → ");
    const value = document.createElement("span");
    value.className = "new";
    value.textContent = change.new;
    values.append(old, arrow, value);
  }
}

function showTree(tree) { $("tree").replaceChildren(treeNode(tree, "$", true, "")); }

function treeNode(node, path, isRoot, labels) {
  const title = () => {
    const parts = document.createDocumentFragment();
    // A set's elements have no label: only their value.
    if (!isRoot && node.label !== "") {
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = node.label;
      parts.append(label, ": ");
    }
    const value = document.createElement("span");
    value.className = node.kind === "scalar" ? "" : "kind";
    value.textContent = node.value;
    parts.append(value);
    return parts;
  };
  if (!node.children.length) {
    const leaf = document.createElement("div");
    leaf.className = isRoot ? "" : "leaf";
    leaf.append(title());
    return leaf;
  }
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.append(title());
  details.append(summary);
  const fill = () => {
    if (details.childElementCount > 1) return;
    node.children.forEach((child, number) =>
      details.append(treeNode(child, path + "/" + number + ":" + child.label, false, (labels ? labels + "." : "") + child.label)));
  };
  details.addEventListener("toggle", () => {
    if (details.open) { openPaths.add(path); closedPaths.delete(path); fill(); }
    else { openPaths.delete(path); closedPaths.add(path); }
  });
  const linked = linkedPaths.some((open) => open === labels || open.startsWith(labels + "."));
  if (openPaths.has(path) || (linked && !closedPaths.has(path))) { details.open = true; fill(); }
  return details;
}

async function edit(change) {
  try {
    setStatus("Recomputing…");
    await change();
    await reload();
    setStatus("");
  } catch (error) {
    setStatus(error.message);
  }
}

async function move(by) {
  if (!selected) return;
  const to = selected.index + by;
  await edit(() => api.move(selected.index, to));
  await select(to, true);
}

slider.addEventListener("input", () => select(Number(slider.value), true));
list.addEventListener("scroll", render);
window.addEventListener("resize", render);
$("type-filter").addEventListener("change", async () => {
  filter = $("type-filter").value;
  position = 0;
  list.scrollTop = 0;
  await reload();
});
let searching = null;
$("search").addEventListener("input", () => {
  clearTimeout(searching);
  searching = setTimeout(async () => {
    search = $("search").value.trim();
    position = 0;
    list.scrollTop = 0;
    await reload();
  }, 200);
});
$("toggle").addEventListener("click", () => selected && edit(() => api.toggle(selected.index)));
$("move-up").addEventListener("click", () => move(-1));
$("move-down").addEventListener("click", () => move(1));
$("import").addEventListener("change", async () => {
  const file = $("import").files[0];
  if (!file) return;
  position = 0;
  $("exported").hidden = true;  // the test of the session before is no longer this one's
  await edit(async () => api.importJournal(await file.arrayBuffer()));
  $("import").value = "";
});
$("export-test").addEventListener("click", () => {
  if (!session.interactive) {
    setStatus("Export as test needs the live inspector: this read-only HTML export has no test generator.");
    return;
  }
  const last = selected ? selected.index : Math.max(0, session.count - 1);
  showTestForm(Math.max(0, last - 9), last, "Entries to export as a test (at most 200):");
  $("test-from").focus();
});
// The test of a range is written on the server as a job, one at a time: the form asks for the
// range (filled in by Export as test or a link's #export=3-6), and only a click on Write the
// test starts it; the page follows it until it is written, fails or is cancelled.
let testJob = { state: "none" }, startedHere = false;
const isBusy = (job) => job.state === "running" || job.state === "cancelling";
function showTestForm(first, through, text) {
  $("test-from").value = first;
  $("test-through").value = through;
  $("test-job-text").textContent = text;
  $("test-job").hidden = false;
}
function showTestJob(job) {
  testJob = job;
  const busy = isBusy(job);
  for (const id of ["export-test", "test-start", "test-from", "test-through"]) $(id).disabled = busy;
  $("test-cancel").hidden = job.state !== "running";
  if (job.state === "none") return;
  const range = "entries " + job.from + " through " + job.through;
  if (busy) {
    showTestForm(job.from, job.through, job.state === "running"
      ? "Writing the test of " + range + "…" : "Cancelling the test of " + range + "…");
  } else if (job.state === "done") {
    $("exported-title").textContent = job.name + ".swift: " + range;
    $("exported-test").textContent = job.source;
    $("exported").hidden = false;
  }
}
async function followTestJob() {
  while (isBusy(testJob)) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    showTestJob(await api.testJob());
  }
  const job = testJob, range = "entries " + job.from + " through " + job.through;
  if (job.state === "done" && startedHere) {
    $("exported").open = true;
    const anchor = document.createElement("a");
    anchor.href = URL.createObjectURL(new Blob([job.source], { type: "text/plain" }));
    anchor.download = job.name + ".swift";
    anchor.click();
    URL.revokeObjectURL(anchor.href);
    $("test-job").hidden = true;
    setStatus("Exported " + range + " as a test.");
  } else if (job.state === "failed" && startedHere) {
    $("test-job-text").textContent = "The test of " + range + " cannot be written: " + job.error;
  } else if (job.state === "cancelled" && startedHere) {
    $("test-job-text").textContent = "Cancelled the test of " + range + ".";
  }
  startedHere = false;
}
$("test-start").addEventListener("click", async () => {
  const first = $("test-from").value.trim(), through = $("test-through").value.trim();
  if (!/^\d+$/.test(first) || !/^\d+$/.test(through)) {
    $("test-job-text").textContent = "Give the range's first and last entries as whole numbers from 0.";
    return;
  }
  try {
    showTestJob(await api.startTest(first, through));
    startedHere = true;
    $("exported").hidden = true;
    await followTestJob();
  } catch (error) {
    $("test-job-text").textContent = error.message;
    startedHere = false;
  }
});
$("test-cancel").addEventListener("click", async () => {
  try { showTestJob(await api.cancelTest()); } catch (error) { setStatus(error.message); }
});
document.addEventListener("keydown", (event) => {
  if (event.target === slider || event.target.tagName === "SELECT" || event.target.tagName === "INPUT") return;
  const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, PageUp: -20, PageDown: 20 };
  if (event.key in steps) { event.preventDefault(); select(position + steps[event.key], true); }
  else if (event.key === "Home") { event.preventDefault(); select(0, true); }
  else if (event.key === "End") { event.preventDefault(); select(total - 1, true); }
});

async function followLink() {
  if (session.interactive) {
    const asked = (link.get("skip") || "").split(",").filter((index) => /^\d+$/.test(index)).map(Number);
    const toToggle = [];
    for (const index of asked) {
      const entries = (await api.entries(index, 1, "")).entries;
      if (entries.length && !entries[0].isSkipped) toToggle.push(index);
    }
    if (toToggle.length) {
      $("link-edit-text").textContent = "This link asks to skip " + toToggle.map((index) => "#" + index).join(", ") + ".";
      $("link-edit").hidden = false;
      $("link-edit-apply").addEventListener("click", async () => {
        $("link-edit").hidden = true;
        for (const index of toToggle) await api.toggle(index);
        await reload();
      }, { once: true });
    }
  }
  if (link.get("search")) {
    $("search").value = link.get("search");
    search = $("search").value.trim();
    await reload();
  }
  if (session.interactive && session.exportsTests) {
    const exported = /^(\d+)-(\d+)$/.exec(link.get("export") || "");
    if (exported) {
      showTestForm(exported[1], exported[2], "This link asks for a test of entries " + exported[1] + " through " +
        exported[2] + ": check the range, then click Write the test.");
    }
    // A test being written (from this page before a reload, or another) shows, and is followed.
    showTestJob(await api.testJob());
    followTestJob().catch((error) => setStatus(error.message));
  }
  if (link.has("select")) {
    slider.value = link.get("select");
    slider.dispatchEvent(new Event("input"));
  }
}

if (unreadable) setStatus(unreadable);
else reload().then(followLink).catch((error) => setStatus(error.message));
