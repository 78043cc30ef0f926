-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE TRIGGER award_claims_of_live_profiles BEFORE INSERT ON public.award_claims FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_deleted_profiles();
CREATE TRIGGER exchanges_of_live_profiles BEFORE INSERT ON public.exchanges FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_deleted_profiles();
CREATE TRIGGER follows_of_live_profiles BEFORE INSERT ON public.follows FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_deleted_profiles();
CREATE TRIGGER packs_ledger_references AFTER DELETE ON public.packs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_packs_deleted();
CREATE TRIGGER packs_lock_ledger BEFORE DELETE ON public.packs FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_lock_for_referenced_delete();
CREATE TRIGGER profiles_handle_to_leaderboard AFTER UPDATE OF handle ON public.profiles FOR EACH ROW WHEN ((old.handle IS DISTINCT FROM new.handle)) EXECUTE FUNCTION leaderboard_copy_handle();
CREATE TRIGGER profiles_ledger_references AFTER DELETE ON public.profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_profiles_deleted();
CREATE TRIGGER profiles_lock_ledger BEFORE DELETE ON public.profiles FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_lock_for_referenced_delete();
CREATE TRIGGER receipts_of_live_profiles BEFORE INSERT ON public.receipts FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_deleted_profiles();
CREATE TRIGGER subscriptions_of_live_profiles BEFORE INSERT ON public.subscriptions FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_deleted_profiles();
CREATE TRIGGER takes_leaderboard_delete AFTER DELETE ON public.takes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_queue_take_changes();
CREATE TRIGGER takes_leaderboard_insert AFTER INSERT ON public.takes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_queue_take_changes();
CREATE TRIGGER takes_leaderboard_update AFTER UPDATE ON public.takes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_queue_take_changes();
CREATE TRIGGER takes_ledger_references AFTER DELETE ON public.takes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_takes_deleted();
CREATE TRIGGER takes_lock_ledger BEFORE DELETE ON public.takes FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_lock_for_referenced_delete();
CREATE TRIGGER token_ledger_references_insert AFTER INSERT ON public.token_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_check_references();
CREATE TRIGGER token_ledger_references_update AFTER UPDATE ON public.token_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_check_references();
