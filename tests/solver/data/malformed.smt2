(set-logic QF_BV)
(declare-fun a () (_ BitVec 16))
(assert (bvadd a))
(check-sat)
