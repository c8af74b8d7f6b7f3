; termCOMP style: x^0 pre-state, x^post post-state, a temporary by exists
(declare-sort Loc 0)
(declare-const l0 Loc)
(declare-const l1 Loc)
(declare-const l2 Loc)
(assert (distinct l0 l1 l2))

(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool
  (and (= pc src) rel))
(define-fun cfg_trans2 ( (pc Loc) (src Loc) (pc1 Loc) (dst Loc) (rel Bool) ) Bool
  (and (= pc src) (= pc1 dst) rel))
(define-fun cfg_trans3 ( (pc Loc) (exit Loc) (pc1 Loc) (call Loc) (pc2 Loc) (return Loc) (rel Bool) ) Bool
  (and (= pc exit) (= pc1 call) (= pc2 return) rel))

(define-fun init_main ( (pc^0 Loc) (i^0 Int) (n^0 Int) ) Bool
  (cfg_init pc^0 l0 true))

(define-fun next_main (
    (pc^0 Loc) (i^0 Int) (n^0 Int)
    (pc^post Loc) (i^post Int) (n^post Int)
  ) Bool
  (or
    (cfg_trans2 pc^0 l0 pc^post l1 (and (= i^post 0) (= n^0 n^post)))
    (cfg_trans2 pc^0 l1 pc^post l1 (and (< i^0 n^0) (= i^post (+ i^0 1)) (= n^0 n^post)))
    (cfg_trans2 pc^0 l1 pc^post l1 (exists ((d^1 Int)) (and (< i^0 n^0) (> d^1 0) (= i^post (+ i^0 (* d^1 d^1))) (= n^post n^0))))
    (cfg_trans2 pc^0 l1 pc^post l2 (and (>= i^0 n^0) (> i^post i^0) (= n^post n^0)))
  )
)
