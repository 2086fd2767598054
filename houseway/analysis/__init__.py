"""The analyses: a split's exact value against every dealer hand, the census of all
154,143,080 hands, the hand classes, simulation and what the house way gives up.

Most of this room needs numpy (the exact tables); the game above it does not, and
nothing here imports the learning room, the solve or the command line.
"""
