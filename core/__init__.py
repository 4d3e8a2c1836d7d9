"""Pure game rules for Meeple: no Textual, no clock, no I/O beyond reading seeds/ once."""
