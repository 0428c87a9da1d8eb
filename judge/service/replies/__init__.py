"""The service's replies: one received mail: its lines run one by one (a refused line
changes nothing), then the reply, its echo and the copy a seat's own address gets."""
