// Imported first by every bench helper process: when the bench that forked it dies (a crash,
// Ctrl-C), its IPC channel closes and the helper exits too, instead of polling on unseen and
// loading the machine under the next run's figures.
process.on('disconnect', () => process.exit(1));
