"""Memory types: policies over the public API of :class:`~remem.memory.Memory`."""
