"""Pictures: the card faces and splits, the charts, the members' decks."""
