"""The discord.py application: the Bot subclass and the handling of interactions."""
