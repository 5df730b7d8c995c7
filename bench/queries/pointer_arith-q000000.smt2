(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (bvult #x0000000000000004 ((_ sign_extend 32) (bvsrem ((_ zero_extend 24) (select x #x00000000)) #x00000004))) #b1 #b0) #b1))
(check-sat)
