"""What an answer lists as "Not read: …" (emails/inbound.worth_saying): words the reader dropped
that may have meant something, never the greetings, thanks, sign-offs and little words around a
move read right (issue 24)."""

from __future__ import annotations

import pytest

from emails.inbound import worth_saying


@pytest.mark.parametrize("words", [
    "hi i ll the this round",  # "Hi, I'll play the 11 this round": the move was read
    "bonjour pour ce sera le", "ciao per questo round", "ok so this time", "je prendrai merci",
    "oui bien sur", "thanks", "merci beaucoup", "grazie mille", "Cordialement Bruno Martin",
    "Sent from my iPhone", "i like on side"])
def test_words_around_a_move_are_not_listed(words: str) -> None:
    assert not worth_saying(words)


@pytest.mark.parametrize("words", [
    "damn chiara took the 12",  # a number the reader did not use: the player should see it
    "zut le 160 est pris", "peccato il 12",
    "maybe the other region instead",  # a sentence it could not place
    "keep the king away from granada"])
def test_a_number_or_a_sentence_not_read_is_listed(words: str) -> None:
    assert worth_saying(words)
