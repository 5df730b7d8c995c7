(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (bvslt (bvashr ((_ sign_extend 24) (select x #x00000000)) #x00000002) #xfffffff6) #b1 #b0) #b1))
(check-sat)
