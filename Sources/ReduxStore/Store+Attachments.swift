internal import ReduxCore
internal import ReduxShared

extension Store {
    /// Notes what a placed feature carried for other modules (a persistence declaration), and
    /// hands each to the handlers registered with ``observeAttachments(_:)``.
    ///
    /// - Parameter attachments: The feature's attachments; nothing is noted for none.
    func noteAttachments(_ attachments: [any Sendable]) {
        guard !attachments.isEmpty else { return }
        let handlers = lock.withLock {
            featureAttachments += attachments
            return attachmentHandlers
        }
        for attachment in attachments {
            for handler in handlers {
                handler(attachment)
            }
        }
    }

    /// Registers a handler for the attachments of features added from now on.
    ///
    /// - Parameter handler: Called on the adding thread, outside the lock, with each attachment.
    /// - Returns: The attachments of the features placed so far, in the order they were placed.
    func observeAttachments(_ handler: @escaping @Sendable (any Sendable) -> Void) -> [any Sendable] {
        lock.withLock {
            attachmentHandlers.append(handler)
            return featureAttachments
        }
    }

    /// The attachments of the features placed so far, in the order they were placed.
    var attachments: [any Sendable] {
        lock.withLock { featureAttachments }
    }

    /// Replaces a part of the state, in the store's serial order, without reducers: the observers
    /// hear of it once, as of a travel.
    ///
    /// - Parameter change: Changes the state; called holding the lock.
    func restore(_ change: @escaping (inout Root) -> Void) {
        travel { [self] in
            var state = statePointer.pointee
            change(&state)
            return (state, [])
        }
    }
}
