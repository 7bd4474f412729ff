"""The payouts screens: the sheet of what a round hands over, seat by seat (sheet.py, drawn by
sheet_draw.py), and the payout calculator for a table whose bets are not entered
(calculator.py, drawn by calculator_draw.py); words.py says their lines."""
