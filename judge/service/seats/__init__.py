"""The service's seats: who sits where: finding games and seats, who may take a seat
nobody plays, the seat a confirmation makes, mercenaries, each seat's reader, and the
game as the variant sees it."""
