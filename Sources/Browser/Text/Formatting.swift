import Foundation

/// How numbers and times are written on screen, one way each: counts grouped in thousands
/// ("12,345"), a count of things ("1 follower", "3,000 users"), an account's age ("13 years
/// ago"), a cached page's ("5 min ago").
package enum Formatting {
    /// "1 follower", "3,000 users", "0 results": the number grouped (or, `compact`, short:
    /// "1.2k followers"), then the noun, singular for one. Every count of things on screen, in
    /// `--plain`'s notes and in `ghscroll cache` is written by this.
    package static func count(_ number: Int, _ noun: Noun, compact: Bool = false) -> String {
        (compact ? Formatting.compact(number) : grouped(number)) + " " + noun.form(for: number)
    }

    /// "13 years ago", "5 months ago", "1 day ago", "today".
    static func age(of date: Date, now: Date) -> String {
        let days = Int(now.timeIntervalSince(date) / 86_400)
        func ago(_ number: Int, _ unit: String) -> String { count(number, Noun(unit)) + " ago" }
        if days >= 365 { return ago(Int(Double(days) / 365.25), "year") }
        if days >= 30 { return ago(days / 30, "month") }
        if days >= 1 { return ago(days, "day") }
        return days < 0 ? "in the future" : "today"
    }

    /// "12,345".
    package static func grouped(_ number: Int) -> String {
        // Drawn several times a frame (the status line, the end row): most numbers have no comma.
        if number > -1_000, number < 1_000 { return String(number) }
        // Written from the last digit back into a buffer on the stack: no array, and a string
        // short enough to be held inline.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 27) { buffer in
            var index = buffer.count
            var rest = number.magnitude
            var digits = 0
            repeat {
                if digits > 0, digits % 3 == 0 {
                    index -= 1
                    buffer[index] = UInt8(ascii: ",")
                }
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                digits += 1
            } while rest > 0
            if number < 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[index...]), as: UTF8.self)
        }
    }

    /// "999", "1.2k", "12k", "3.4M": short, for a filled row's count only (everywhere else
    /// numbers are grouped in full).
    static func compact(_ number: Int) -> String {
        let magnitude = number.magnitude
        func scaled(_ unit: UInt, _ suffix: String) -> String {
            let tenths = (magnitude * 10 + unit / 2) / unit
            let text = tenths >= 100 ? "\(tenths / 10)" : tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
            return (number < 0 ? "-" : "") + text + suffix
        }
        if magnitude >= 999_950 { return scaled(1_000_000, "M") }
        if magnitude >= 1_000 { return scaled(1_000, "k") }
        return String(number)
    }

    /// "12 s ago", "5 min ago", "3 h ago", "2 days ago".
    package static func shortAge(of date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "\(seconds) s ago"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3_600) h ago"
        default: return count(seconds / 86_400, Noun("day")) + " ago"
        }
    }
}
