; commenttarget datalayout = "e-m:q"
