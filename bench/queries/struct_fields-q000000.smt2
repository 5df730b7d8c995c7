(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (= #x04 ((_ extract 7 0) (bvadd #x00000001 (ite (= (ite (= #x7a (select x #x00000000)) #b1 #b0) #b1) #x00000009 #x00000003)))) #b0 #b1) #b1))
(check-sat)
