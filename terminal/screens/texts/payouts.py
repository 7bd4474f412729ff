"""The screens' texts of the payouts part: key -> (Catalan, Spanish, English). The bets are
named as everywhere on the screens (texts/bets.py)."""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the sheet of a round
    "payouts_title": ("Pagaments", "Pagos", "Payouts"),
    "payouts_remaining": (
        "Queda per pagar: {amount}",
        "Queda por pagar: {amount}",
        "Remaining to pay: {amount}",
    ),
    "payouts_all_paid": ("Tot pagat", "Todo pagado", "All paid"),
    # the next round called for with the last one's money not all handed over
    "unpaid_title": (
        "La jugada {n} no està tota pagada",
        "La jugada {n} no está toda pagada",
        "Round {n} is not all paid",
    ),
    "unpaid_open_anyway": (
        "Obre la jugada igualment",
        "Abrir la jugada igualmente",
        "Open the round anyway",
    ),
    "payouts_all_settled": ("Pagat i recuperat", "Pagado y recuperado", "Paid and taken back"),
    "payouts_to_take_back": (
        "Per recuperar: {amount}",
        "Por recuperar: {amount}",
        "To take back: {amount}",
    ),
    "payouts_collect": (
        "Primer, recull les apostes perdedores",
        "Primero, recoja las apuestas perdedoras",
        "First, collect the losing bets",
    ),
    "payouts_collect_total": (
        "Perdedores: {amount}",
        "Perdedoras: {amount}",
        "Losing bets: {amount}",
    ),
    "payouts_collected": ("Recollides", "Recogidas", "Collected"),
    "payouts_pay_more": ("Paga {amount} més", "Pague {amount} más", "Pay {amount} more"),
    "payouts_take_back": ("Recupera {amount}", "Recupere {amount}", "Take back {amount}"),
    "payouts_taken_back": ("Recuperat", "Recuperado", "Taken back"),
    "payouts_stands": ("Es manté", "Se mantiene", "Stands"),
    "payouts_round_total": ("Total {amount}", "Total {amount}", "Total {amount}"),
    "payouts_unbalanced": (
        "No quadra amb el diari ({amount}): aviseu el cap de taula",
        "No cuadra con el diario ({amount}): avise al jefe de mesa",
        "Does not match the journal ({amount}): call the table head",
    ),
    "payouts_nothing": ("Cap aposta guanyadora", "Ninguna apuesta ganadora", "No winning bets"),
    "payouts_seat": ("Seient", "Asiento", "Seat"),
    "payouts_paid": ("Pagat", "Pagado", "Paid"),
    "payouts_seat_paid": ("PAGAT", "PAGADO", "PAID"),
    "payouts_seat_taken_back": (
        "RECUPERAT {amount}",
        "RECUPERADO {amount}",
        "TAKEN BACK {amount}",
    ),
    "payouts_undo": ("Desfés", "Deshacer", "Undo"),
    "payouts_nothing_to_hand": ("Res a lliurar", "Nada que entregar", "Nothing to hand"),
    "payouts_win_line": (
        "{bet}: {stake} ×{multiple} = {paid}",
        "{bet}: {stake} ×{multiple} = {paid}",
        "{bet}: {stake} ×{multiple} = {paid}",
    ),
    "payouts_commission": ("comissió {amount}", "comisión {amount}", "commission {amount}"),
    "payouts_deducted": (
        "descompte del {rate} {amount}",
        "descuento del {rate} {amount}",
        "less {rate} {amount}",
    ),
    "payouts_half_line": (
        "{bet}: {stake}, meitat {returned}",
        "{bet}: {stake}, mitad {returned}",
        "{bet}: {stake}, half back {returned}",
    ),
    "payouts_push_line": (
        "{bet}: surt de la presó, {returned}",
        "{bet}: sale de prisión, {returned}",
        "{bet}: out of prison, {returned}",
    ),
    "payouts_cancelled_line": (
        "{bet}: carta anul·lada, es retorna {returned}",
        "{bet}: carta anulada, se devuelve {returned}",
        "{bet}: its card cancelled, returned {returned}",
    ),
    "payouts_returned_line": (
        "{bet}: es retorna {returned}",
        "{bet}: se devuelve {returned}",
        "{bet}: returned {returned}",
    ),
    "payouts_colour": (
        "{chips} fitxes {name} + {value} en valor",
        "{chips} fichas {name} + {value} en valor",
        "{chips} {name} chips + {value} in value",
    ),
    "payouts_lost": ("Perd: {bets}", "Pierde: {bets}", "Lost: {bets}"),
    "payouts_prison": ("A la presó: {bets}", "En prisión: {bets}", "In prison: {bets}"),
    "payouts_stays": ("Resta: {bets}", "Se queda: {bets}", "Stays: {bets}"),
    "payouts_more": ("i {n} més", "y {n} más", "and {n} more"),
    "payouts_previous": ("Anteriors", "Anteriores", "Previous"),
    "payouts_next": ("Següents", "Siguientes", "Next"),
    "payouts_page": ("{page} de {pages}", "{page} de {pages}", "{page} of {pages}"),
    # the calculator
    "payouts_calculator": ("Calculadora", "Calculadora", "Calculator"),
    "payouts_winner": ("Guanya {result}", "Gana {result}", "Winner {result}"),
    "payouts_chip_value": ("Valor de la fitxa", "Valor de la ficha", "Chip value"),
    "payouts_chips": ("{n} × {value}", "{n} × {value}", "{n} × {value}"),
    "payouts_no_chips": ("cap fitxa", "ninguna ficha", "no chips"),
    "payouts_winnings": ("Guany {amount}", "Ganancia {amount}", "Winnings {amount}"),
    "payouts_with_stakes": ("Amb les apostes", "Con las apuestas", "With the stakes"),
    "payouts_half_back": ("meitat", "mitad", "half back"),
    "payouts_in_prison": (
        "a la presó (meitat sota el mínim): res a pagar",
        "en prisión (mitad bajo el mínimo): nada que pagar",
        "in prison (half below the minimum): nothing to pay",
    ),
    "payouts_no_kinds": (
        "Cap aposta guanya amb {result}",
        "Ninguna apuesta gana con {result}",
        "No bet wins on {result}",
    ),
}
