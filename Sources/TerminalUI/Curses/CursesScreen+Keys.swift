import CNcurses

// MARK: - Keys

extension CursesScreen {
    /// The next key already typed, or nil when there is none (never waits, except ncurses'
    /// 25 ms to tell a lone Esc from the start of a sequence).
    public func nextKey() -> Key? {
        while true {
            var value: wint_t = 0
            let result = ghs_get_wch(&value)
            if result == ERR { return nil }
            if result == KEY_CODE_YES {
                if let key = Self.decodeKeyCode(Int32(value)) { return key }
                continue  // a key we do not use: skip it and read on
            }
            if let key = Self.decodeCharacter(UInt32(value)) { return key }
        }
    }

    static func decodeKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_NPAGE: return .pageDown
        case KEY_PPAGE: return .pageUp
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case ghs_key_f(1)...ghs_key_f(12): return .function(Int(code - ghs_key_f(0)))
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            if event.bstate & ghs_button4_pressed() != 0 { return .wheelUp }
            if ghs_button5_pressed() != 0, event.bstate & ghs_button5_pressed() != 0 { return .wheelDown }
            if event.bstate & ghs_button1_pressed() != 0 { return .click(row: Int(event.y), column: Int(event.x)) }
            return nil
        default: return nil
        }
    }

    static func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 27: return .escape
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 96)))
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }
}
