"""Texts: the message catalogue, embeds, alt texts, a split picture's words and command
mentions. Words stand below pictures: a picture imports its words, never the reverse."""
