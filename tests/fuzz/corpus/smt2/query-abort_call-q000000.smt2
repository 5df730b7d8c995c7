(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (= #x03 (select x #x00000000)) #b1 #b0) #b1))
(check-sat)
