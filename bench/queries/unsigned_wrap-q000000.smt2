(set-logic QF_ABV)
(declare-fun x () (Array (_ BitVec 32) (_ BitVec 8)))
(assert (= (ite (bvslt ((_ zero_extend 24) ((_ extract 7 0) (bvadd #x000000c8 ((_ zero_extend 24) (select x #x00000000))))) #x00000032) #b1 #b0) #b1))
(check-sat)
