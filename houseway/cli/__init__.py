"""The command line (``houseway``): reading hands and options, printing answers; all
I/O of the core lives in this room, the decisions come from the rooms below."""
