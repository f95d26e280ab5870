-- The atomic booking statement (services/bookings/book-one-atomically.ts) checks its
-- conditions inside one SQL statement; a failed one aborts the whole statement through this
-- function: SQLSTATE HT001 with the refusal's code (e.g. 'LIMIT_REACHED') as the message.
-- It never returns; the boolean result lets it stand in a CASE beside `true`.
CREATE FUNCTION "humantime_decline"(code TEXT) RETURNS BOOLEAN
    LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'HT001', MESSAGE = code;
END
$$;
