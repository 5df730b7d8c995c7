(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (= #x00000000 (bvand #x00000003 ((_ zero_extend 24) (select x #x00000000)))) #b0 #b1) #b1))
(check-sat)
