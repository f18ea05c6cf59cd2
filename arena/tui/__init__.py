"""The Textual app: setup, live matches, the hard-boards quiz, history and replays."""
