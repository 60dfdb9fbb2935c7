@testable import Browser
import Foundation
import GitHubAPI
import ListCore
import TerminalUI
import Testing

/// #37 item 20: "Clicks do nothing in the filter, the command line and a question." The filter and
/// the command line are in MouseTests; this is the question F and * ask.
@Suite("The mouse while a question is asked")
struct MouseDuringQuestionTests {
    @Test("the frame drawn while F's question is asked answers no click (the loop reads clicks from it), and a click on nothing leaves the question as it was")
    func clicksDoNothing() {
        var store = askedWithPaneOpen()
        #expect(store.state.mode == .question)
        // The list's rows and the pane's [1] followers are on screen, and answer no click.
        let hits = AppView.render(store.state, on: CellBuffer(rows: store.state.size.rows, columns: store.state.size.columns))
        #expect(hits == HitMap(), "nothing under the question answers a click")
        #expect(render(store.state).lines.contains { $0.contains("[1] followers") })
        store.send(.clicked(nil))
        #expect(store.state.acting.question == Acting.Change(.account("user1"), on: true))
        // A click read from an older frame, on a row or a link of the pane, changes nothing either.
        store.send(.clicked(.row(root, 3)))
        store.send(.clicked(.pane(root, .followers)))
        #expect(store.state.mode == .question)
    }
}
