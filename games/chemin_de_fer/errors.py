"""Chemin de fer's errors and remedies (section 07 VIII, l. 858-883; `chemin-de-fer.md`), each
confirmed by the inspector at the screen and journaled as `game.error` before it takes effect
(games/errors.py says what each effect does to the coup).

Where the remedy turns on what the croupier then deals or discards (the fifth card taken as the
banker's third, the higher or lower of two third cards kept, a wrong call given or refused by
the banker, a natural forgotten), it is RECORDED: the inspector's ruling is journaled and the
croupier enters the coup as it is then played, the cards that stay and the calls made.
"""

from __future__ import annotations

from games.errors import (
    BY_TABLE,
    DISCARD,
    FORCE_PONTE_9,
    FORCE_PONTE_NATURAL,
    FORFEIT_BANKER,
    FORFEIT_PONTE,
    RECORDED,
    VOID,
    ErrorRule,
    table_of,
)

ERRORS = table_of(
    ErrorRule("early_draw", "l. 859", "the cards stay in play, the drawer plays on", RECORDED),
    ErrorRule("face_up", "l. 860", "the card is discarded; no stake lowered or withdrawn", DISCARD),
    ErrorRule("stuck", "l. 861", "cards stuck together: the coup is void", VOID),
    ErrorRule(
        "floor", "l. 862", "the card is picked up by the staff and keeps its value", RECORDED
    ),
    ErrorRule(
        "croupier_exposed",
        "l. 864",
        "a card exposed by the croupier: both sides play by the rule [CF-18]",
        BY_TABLE,
    ),
    ErrorRule(
        "croupier_exposed_both",
        "l. 864",
        "both ponte cards exposed: the banker follows his table",
        BY_TABLE,
    ),
    ErrorRule("croupier_fault", "l. 864", "a croupier's fault while dealing: void", VOID),
    ErrorRule(
        "false_carta",
        "l. 865",
        "'carta' called after 'no': the banker's third card on 0-5, the others discarded",
        RECORDED,
    ),
    ErrorRule("fifth_card", "l. 867", "a fifth card: the banker's third card", RECORDED),
    ErrorRule(
        "banker_extra_cards",
        "l. 868",
        "more than two cards to himself: the banker counts 0 and may draw one [CF-15]",
        RECORDED,
    ),
    ErrorRule("two_thirds_ponte", "l. 869", "the ponte keeps the third card giving more", RECORDED),
    ErrorRule(
        "two_thirds_banker", "l. 869", "the banker keeps the third card giving less", RECORDED
    ),
    ErrorRule(
        "ponte_card_dropped",
        "l. 870",
        "one of the ponte's first cards dropped by the banker: the ponte has a natural 9",
        FORCE_PONTE_NATURAL,
    ),
    ErrorRule(
        "ponte_third_dropped",
        "l. 870",
        "the ponte's third card dropped: the ponte has 9, the banker may draw unless on 7",
        FORCE_PONTE_9,
    ),
    ErrorRule(
        "banker_exposed",
        "l. 871",
        "the banker exposed a ponte card: he exposes his own and follows his table",
        BY_TABLE,
    ),
    ErrorRule(
        "banker_exposed_both",
        "l. 871",
        "the banker exposed both: he exposes both of his and follows his table",
        BY_TABLE,
    ),
    ErrorRule(
        "early_abat",
        "l. 872",
        "the banker turned over before the ponte spoke: the holder withdrew [CF-14]",
        VOID,
    ),
    ErrorRule(
        "natural_offered",
        "l. 872",
        "a card offered on a natural: the banker loses his natural, play goes on",
        RECORDED,
    ),
    ErrorRule(
        "banker_discard_unseen",
        "l. 873",
        "the banker discarded a card before all saw it: the bank loses the coup",
        FORFEIT_BANKER,
    ),
    ErrorRule("slow", "l. 876", "the cards taken from a slow ponte, to the next holder", RECORDED),
    ErrorRule("advice", "l. 877", "advice from others: played by the rule", BY_TABLE),
    ErrorRule(
        "wrong_call",
        "l. 878",
        "'carta' for 'no' or the reverse: the banker gives or refuses the card",
        RECORDED,
    ),
    ErrorRule("forgot_abat", "l. 879", "a natural not turned over is lost as a natural", RECORDED),
    ErrorRule(
        "other_call",
        "l. 880",
        "a wrong announcement corrected, the cards drawn for it discarded",
        DISCARD,
    ),
    ErrorRule(
        "ponte_discard_unseen",
        "l. 881",
        "the ponte threw his cards away unseen: the ponte side loses the coup",
        FORFEIT_PONTE,
    ),
    ErrorRule("other", "l. 883", "the inspector decides, his reasons in the note", RECORDED),
)
