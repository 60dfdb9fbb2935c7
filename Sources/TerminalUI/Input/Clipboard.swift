import Foundation

/// The terminal's clipboard, reached through the terminal itself.
public enum Clipboard {
    /// The OSC 52 request that puts `text` on the clipboard ("c"). It works over SSH and through
    /// tmux (with `set-clipboard on`) because the terminal, not this machine, holds the clipboard.
    public static func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }
}
