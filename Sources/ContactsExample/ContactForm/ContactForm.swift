import Foundation
import MultiRedux
import ReduxUI

/// The form adding a contact, presented as a sheet over the list: the fields as typed, and whether
/// the user has tried to save.
///
/// It lists its own bindable fields, and its feature applies the form's writes to the form.
struct ContactForm: BindableState, Equatable {
    /// The name as typed.
    var name = ""
    /// The phone number as typed; may be empty.
    var phone = ""
    /// Whether the user tried to save: from then on an empty name shows its error.
    var hasAttemptedSave = false

    /// What the form's views may write: the name and the phone number.
    static var bindableFields: [AnyKeyPath & Sendable] {
        [\ContactForm.name, \ContactForm.phone]
    }

    /// The name without the spaces around it: what is saved.
    var trimmedName: String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Why the name cannot be saved, once the user tried to save; nil when it can, or before.
    var nameError: String? {
        hasAttemptedSave && trimmedName.isEmpty ? "A contact needs a name." : nil
    }

    /// Why the phone number cannot be saved, as soon as it is typed; nil when it can.
    var phoneError: String? {
        phone.allSatisfy { ($0.isASCII && $0.isNumber) || " +-()".contains($0) }
            ? nil : "A phone number has only digits, spaces and + - ( )."
    }

    /// Whether the form can be saved: a name, and a phone number that is empty or well formed.
    var isValid: Bool {
        !trimmedName.isEmpty && phoneError == nil
    }

    /// The phone number without the spaces around it: what is saved.
    var trimmedPhone: String {
        phone.trimmingCharacters(in: .whitespaces)
    }
}
