#!/usr/bin/env bash
# Checks that .ci/apple-check fails when the checker could not check: no summary, a triple
# started and never finished, a log that is gone; and passes when every triple finished clean.
# Runs .ci/apple-check against a stub checker and a stub SDK folder, in a temporary copy: no SDK
# and no compiler needed.
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/.ci/apple" "$scratch/sdks/MacOSX1.sdk" "$scratch/sdks/swift-testing/Sources/Testing"
cp .ci/apple-check "$scratch/.ci/"

# The stub checker: $1 is what it does; each triple it finishes ends with the real checker's line.
write_stub() {
    cat >"$scratch/.ci/apple/check.sh" <<STUB
#!/usr/bin/env bash
finish() { : >"\$WORK/summary-\$1.txt"; echo "   total 1s; 0 errors, 0 warnings -> \$WORK/summary-\$1.txt"; }
echo "== arm64-apple-macos10.15 (SDK MacOSX1.sdk)"
$1
STUB
    chmod +x "$scratch/.ci/apple/check.sh"
}

failed=0
expect() {
    local expected=$1 what=$2 actual=0
    APPLE_SDKS="$scratch/sdks" TMPDIR="$scratch/tmp" "$scratch/.ci/apple-check" macos >"$scratch/out" 2>&1 || actual=$?
    if [ "$actual" -ne "$expected" ]; then
        echo "error: .ci/apple-check exited $actual, not $expected, when $what:" >&2
        cat "$scratch/out" >&2
        failed=1
    else
        echo "ok: $what: exit $actual"
    fi
}

write_stub 'exit 1'
expect 1 "the checker wrote no summary"
write_stub 'finish arm64-apple-macos10.15; echo "== arm64-apple-macos14.0 (SDK MacOSX1.sdk)"; : >"$WORK/summary-arm64-apple-macos14.0.txt"; exit 1'
expect 1 "a triple was started and never finished"
write_stub 'finish arm64-apple-macos10.15; rm -f "$WORK.log"'
expect 1 "the checker's log is gone"
write_stub 'finish arm64-apple-macos10.15; echo "== arm64-apple-macos14.0 (SDK MacOSX1.sdk)"; finish arm64-apple-macos14.0'
expect 0 "every triple finished with no error"
exit $failed
