import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

@testable import ContactsExample

/// The form adding a contact: its validation, Save, Cancel, and the user's swipe.
@Suite(.testStoreTimeout(.seconds(120))) struct ContactFormFeatureTests {
    @Test(
        "a form is valid with a name and an empty or well-formed phone number",
        arguments: [
            (ContactForm(name: "Ada", phone: ""), true),
            (ContactForm(name: "  Ada ", phone: "+44 (20) 7946-0001"), true),
            (ContactForm(name: "", phone: "123"), false),
            (ContactForm(name: "   ", phone: ""), false),
            (ContactForm(name: "Ada", phone: "call me"), false),
            (ContactForm(name: "Ada", phone: "١٢٣"), false),  // digits, but not ones a phone dials
        ])
    func validity(form: ContactForm, isValid: Bool) {
        #expect(form.isValid == isValid)
    }

    @Test("the name's error shows only after a save was tried; the phone's as soon as it is typed")
    func errors() {
        var form = ContactForm(name: " ", phone: "12a")
        #expect(form.nameError == nil)
        #expect(form.phoneError == "A phone number has only digits, spaces and + - ( ).")
        form.hasAttemptedSave = true
        #expect(form.nameError == "A contact needs a name.")
        form.name = "Ada"
        #expect(form.nameError == nil)
    }

    @Test("alone, as it ships: Save with a valid form hands the trimmed contact to whoever presented it")
    func saveAlone() async {
        let store = TestStore(
            initialState: ContactForm(name: " Alan Turing ", phone: " 12 "), features: [ContactFormFeature().at(\.self)]
        )
        await store.send(SaveContact())
        await store.receive(ContactFormSaved(name: "Alan Turing", phone: "12"))
        await store.finish()
    }

    @Test("alone: Save with no name shows the name's error and hands nothing on")
    func saveWithoutNameAlone() async {
        let store = TestStore(initialState: ContactForm(phone: "12"), features: [ContactFormFeature().at(\.self)])
        await store.send(SaveContact()) { $0.hasAttemptedSave = true }
        await store.finish()
    }

    @Test("alone: Cancel dismisses the form itself, with no action for the presenter to handle")
    func cancelAlone() async {
        let store = TestStore(initialState: ContactForm(name: "Ada"), features: [ContactFormFeature().at(\.self)])
        await store.send(CancelAddContact())
        await store.receive(Dismissal())
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("Add presents an empty form; Save with a valid form adds the contact and dismisses the form")
    func addContact() async {
        let store = TestStore(initialState: contactsState([ada, grace]), features: ContactsState.features)

        await store.send(ShowAddContact()) { $0.list.addContact = ContactForm() }
        // The fields as the form's bindings write them: the form's own writes, which its feature applies.
        await store.send(BindingAction<ContactForm>.set(\.name, " Alan Turing ")) {
            $0.list.addContact?.name = " Alan Turing "
        }
        await store.send(BindingAction<ContactForm>.set(\.phone, "12")) { $0.list.addContact?.phone = "12" }
        await store.send(SaveContact())
        await store.receive(ContactFormSaved(name: "Alan Turing", phone: "12")) {
            $0.list.contacts.append(Contact(id: 4, name: "Alan Turing", phone: "12"))
            $0.list.addContact = nil
        }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("Save with no name keeps the form and shows the name's error; nothing is added")
    func saveWithoutName() async {
        let store = TestStore(
            initialState: ContactsState(list: ContactList(contacts: [ada], addContact: ContactForm(phone: "12"))),
            features: ContactsState.features)

        await store.send(SaveContact()) { $0.list.addContact?.hasAttemptedSave = true }
        #expect(store.state.list.addContact?.nameError == "A contact needs a name.")
        #expect(store.state.list.contacts == [ada])
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("Cancel, or the user's swipe (a binding write of nil), dismisses the form without adding")
    func dismiss() async {
        let store = TestStore(initialState: contactsState([ada]), features: ContactsState.features)

        await store.send(ShowAddContact()) { $0.list.addContact = ContactForm() }
        await store.send(CancelAddContact())
        await store.receive(Dismissal()) { $0.list.addContact = nil }
        await store.send(ShowAddContact()) { $0.list.addContact = ContactForm() }
        await store.send(BindingAction<ContactList>.set(\.addContact, nil)) { $0.list.addContact = nil }
        #expect(store.state.list.contacts == [ada])
        await store.finish()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("typing in the presented form's fields writes the form through the list's bindings, then Save adds")
    func typeAndSave() throws {
        let store = Store(
            initialState: contactsState([ada]), features: ContactsState.features, issueReporter: .failingTest(),
            dependencies: .testing())
        let list = store.scope(\.list)
        list.dispatch(ShowAddContact())
        let form = try #require(list.scope(\.addContact))

        form.name = "Grace Hopper"  // what TextField("Name", text: $store.name) writes
        form.phone = "+1 202"
        #expect(form.isValid)
        form.dispatch(SaveContact())

        #expect(form.isGone)
        #expect(list.scope(\.addContact) == nil)
        #expect(list.contacts.map(\.name) == ["Ada Lovelace", "Grace Hopper"])
        #expect(list.contacts[id: 2]?.phone == "+1 202")
    }
}
