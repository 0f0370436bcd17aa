import Testing

@testable import RockPaperScissorsCLI

/// The plain-text table and bar chart.
@Suite struct TextLayoutTests {
    @Test("a table aligns columns left or right under a rule, without trailing spaces")
    func table() {
        var table = TextTable(headings: ["N", "Name"], alignments: [.right, .left])
        table.rows = [["1", "Ann"], ["10", "Bo"]]

        #expect(table.render() == [" N  Name", "--  ----", " 1  Ann", "10  Bo"])
    }

    @Test("the largest bar fills the width, others are scaled, and no positive value is drawn empty")
    func barChart() {
        let chart = BarChart(bars: [("a", 10), ("bb", 5), ("c", 1), ("d", 0)], width: 10)

        #expect(
            chart.render() == ["a   ##########  10", "bb  #####       5", "c   #           1", "d               0"])
    }

    @Test("an all-zero chart draws no bars")
    func emptyChart() {
        #expect(BarChart(bars: [("x", 0)], width: 4).render() == ["x        0"])
    }

    @Test(
        "text is measured in the columns a terminal gives it",
        arguments: [
            ("Ann", 3), ("Zoë 🎸", 6), ("李小龍", 6), ("e\u{301}", 1), ("🇩🇪", 2), ("👩‍👩‍👧", 2), ("❤️", 2),
            ("\u{1B}[1;32mWIN\u{1B}[0m", 3), ("ｒｐｓ", 6), ("a\u{200B}b", 2),
        ])
    func width(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test("a table pads wide cells by their columns, and narrows shrinkable columns to fit with an ellipsis")
    func tableByColumns() {
        var table = TextTable(headings: ["N", "Name"], alignments: [.right, .left], minimumWidths: [nil, 4])
        table.rows = [["1", "李小龍"], ["2", "Bartholomew"]]

        #expect(table.render() == ["N  Name", "-  -----------", "1  李小龍", "2  Bartholomew"])
        #expect(table.render(fitting: 10) == ["N  Name", "-  -------", "1  李小龍", "2  Bartho…"])
    }

    @Test("text is cut to a width with an ellipsis, never through a wide character")
    func truncation() {
        #expect(TerminalText.truncated("李小龍 and friends", toWidth: 8) == "李小龍…")
        #expect(TerminalText.truncated("Bartholomew", toWidth: 6) == "Barth…")
        #expect(TerminalText.truncated("Ann", toWidth: 6) == "Ann")
    }

    @Test("a line is wrapped at spaces to a width, a word too long for a line is broken, indents continue")
    func wrapping() {
        #expect(TerminalText.wrapped("one two three four", toWidth: 9) == ["one two", "three", "four"])
        #expect(TerminalText.wrapped("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect(
            TerminalText.wrapped("key  a value here", toWidth: 12, indent: "     ") == ["key  a value", "     here"])
        #expect(TerminalText.wrapped("fits", toWidth: 4) == ["fits"])
        #expect(
            TerminalText.wrapped("\u{1B}[1mbold words\u{1B}[0m here", toWidth: 10) == [
                "\u{1B}[1mbold words\u{1B}[0m", "here",
            ])
    }

    @Test("a bar chart shortens its bars, then cuts its labels, to fit a width")
    func chartFitting() {
        let chart = BarChart(bars: [("Bartholomew Fitzgerald", 2), ("Draws", 1)])

        #expect(
            chart.render(fitting: 38) == [
                "Bartholomew Fitzgerald  ###########  2", "Draws                   ######       1",
            ])
        #expect(chart.render(fitting: 20) == ["Bartho…  ########  2", "Draws    ####      1"])
    }
}
