"""The terminal builder (Textual): the only package of Warbench that imports textual."""
