# fake_fuzzer.sh LOG [exit]: stands in for the secondary afl-fuzz that
# symx-llvm --afl-share runs (afl_share.py). It idles: no queue grows (the
# test wrote its instance's entry before), so the peer takes turns; with
# "exit" it ends at once instead, as a fuzzer that stops. LOG gets "START
# pid", "CONT" for each SIGCONT (a turn that ended continues it) and "INT"
# when SIGINT ends it, as afl-fuzz ends. A shell, not Python: it is ready
# within a millisecond, before the peer's first turn.
log=$1
trap 'echo CONT >> "$log"' CONT
trap 'echo INT >> "$log"; exit 0' INT
echo "START $$" >> "$log"
[ "$2" = exit ] && exit 0
while :; do sleep 0.05; done
