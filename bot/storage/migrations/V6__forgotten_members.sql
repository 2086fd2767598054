-- Members who ran /stats forget, and when: a quiz answer they gave before that moment
-- and that the bot was still holding for a slow database (in any process, in memory or
-- in its journal) is never written afterwards. A row goes 30 days after the request
-- (pruned at the next /stats forget); it holds nothing else about the member.
CREATE TABLE forgotten_members (
    user_id BIGINT PRIMARY KEY,
    forgotten_at DOUBLE PRECISION NOT NULL
);
