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
}
