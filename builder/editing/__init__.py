"""Editing sessions in plain Python: what a key press does to a roster or a catalogue, with undo, redo and recovery."""
