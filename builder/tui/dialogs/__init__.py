"""Modal dialogs: they ask one thing and dismiss with the answer."""
