(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (bvult #x00000000000002fe (bvadd #x0000000000000100 (bvmul #x0000000000000002 ((_ zero_extend 56) (select x #x00000000))))) #b1 #b0) #b1))
(check-sat)
