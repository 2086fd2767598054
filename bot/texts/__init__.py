"""Texts: the message catalogue, embeds, alt texts and command mentions."""
