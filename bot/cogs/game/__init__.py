"""What every way of playing the game shares, for the cogs that deal it (``play`` alone, a
table): "How did I play?" (``review``) and how chips, outcomes and hands are said
(``words``). Not an extension: it has no commands of its own."""
