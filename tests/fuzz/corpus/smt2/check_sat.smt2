(check-sat)
(exit)
