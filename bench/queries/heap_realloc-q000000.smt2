(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (= #x00 ((_ extract 7 0) (ite (= (ite (= #x71 (select x #x00000000)) #b1 #b0) #b1) #x00000001 #x00000000))) #b0 #b1) #b1))
(check-sat)
