"""The whole-game solve (``houseway solve``): every hand class valued exactly, in
numbered chunks written once (:mod:`.compute` computes, :mod:`.files` keeps the run,
:mod:`.player_way` values the player's way over a finished run). Needs numpy.
"""
