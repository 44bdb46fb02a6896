PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE ry_schema (version INTEGER NOT NULL, applied TEXT NOT NULL);
INSERT INTO ry_schema VALUES(1,'2026-11-28T13:47:09.100+00:00');
INSERT INTO ry_schema VALUES(2,'2026-11-28T13:47:09.100+00:00');
INSERT INTO ry_schema VALUES(3,'2026-11-28T13:47:09.100+00:00');
INSERT INTO ry_schema VALUES(4,'2026-11-28T13:47:09.100+00:00');
CREATE TABLE ry_games (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        players TEXT NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        created TEXT NOT NULL,
        host_token_hash TEXT,
        status TEXT NOT NULL,
        to_act TEXT NOT NULL,
        version INTEGER NOT NULL,
        bot_due INTEGER NOT NULL DEFAULT 0, rematch TEXT);
INSERT INTO ry_games VALUES('d23404391167','chicago-express','["Ann", "Bob", "Bot 1"]',4459851377811626925,'{}','2026-11-28T13:47:10.086+00:00',NULL,'active','[1]',10,0,NULL);
CREATE TABLE ry_seats (
        game_id TEXT NOT NULL REFERENCES ry_games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT, bot_kind TEXT, claim TEXT, account_id TEXT,
        PRIMARY KEY (game_id, seat));
INSERT INTO ry_seats VALUES('d23404391167',0,'human','Ann','ce52bb86993b1e4d3c02ffdbb22fc6995e2ce7d2dc0ae1912ee54e0527a8f6ec',NULL,NULL,'ed68af38cb555585');
INSERT INTO ry_seats VALUES('d23404391167',1,'human','Bob','a4f623821e12228a50fc1be472fb776125200518f0c57cb49f93a36c7d5e7a3e',NULL,NULL,'dba879d4b95b991e');
INSERT INTO ry_seats VALUES('d23404391167',2,'bot','Bot 1',NULL,NULL,NULL,NULL);
CREATE TABLE ry_actions (
        game_id TEXT NOT NULL REFERENCES ry_games(id),
        idx INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER,
        body TEXT NOT NULL,
        created TEXT NOT NULL,
        PRIMARY KEY (game_id, idx));
INSERT INTO ry_actions VALUES('d23404391167',0,'action',0,'{"type": "pass", "player": 0}','2026-11-28T13:47:10.091+00:00');
INSERT INTO ry_actions VALUES('d23404391167',1,'action',1,'{"type": "pass", "player": 1}','2026-11-28T13:47:10.093+00:00');
INSERT INTO ry_actions VALUES('d23404391167',2,'action',2,'{"type": "bid", "player": 2, "company": "PRR", "amount": 7}','2026-11-28T13:47:10.103+00:00');
INSERT INTO ry_actions VALUES('d23404391167',3,'action',2,'{"type": "bid", "player": 2, "company": "B&O", "amount": 14}','2026-11-28T13:47:10.103+00:00');
INSERT INTO ry_actions VALUES('d23404391167',4,'action',0,'{"type": "pass", "player": 0}','2026-11-28T13:47:10.127+00:00');
INSERT INTO ry_actions VALUES('d23404391167',5,'action',1,'{"type": "bid", "player": 1, "company": "B&O", "amount": 15}','2026-11-28T13:47:10.127+00:00');
INSERT INTO ry_actions VALUES('d23404391167',6,'action',2,'{"type": "bid", "player": 2, "company": "B&O", "amount": 16}','2026-11-28T13:47:10.128+00:00');
INSERT INTO ry_actions VALUES('d23404391167',7,'action',1,'{"type": "pass", "player": 1}','2026-11-28T13:47:10.151+00:00');
INSERT INTO ry_actions VALUES('d23404391167',8,'action',2,'{"type": "bid", "player": 2, "company": "C&O", "amount": 6}','2026-11-28T13:47:10.151+00:00');
INSERT INTO ry_actions VALUES('d23404391167',9,'action',0,'{"type": "bid", "player": 0, "company": "C&O", "amount": 7}','2026-11-28T13:47:10.172+00:00');
CREATE TABLE ry_accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        pw_hash TEXT NOT NULL,
        created TEXT NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0,
        settings TEXT NOT NULL DEFAULT '{}');
INSERT INTO ry_accounts VALUES('ed68af38cb555585','Ann','ann','$argon2id$v=19$m=65536,t=3,p=4$QYt0tDrcHePkL4OVov/sbQ$nIiNFLT9YSzS94TAyDj1qlh7hRpCHR+eqe7HwKF7DHs','2026-11-28T13:47:09.562+00:00',0,'{}');
INSERT INTO ry_accounts VALUES('dba879d4b95b991e','Bob','bob','$argon2id$v=19$m=65536,t=3,p=4$FQhMtBd7aNplx36TkQ5JNQ$+dRgAhUHxLo/2fK0MFRyHNr4NagMqLDX6NMA8H8SBBY','2026-11-28T13:47:10.029+00:00',0,'{"notify": {"email": "bob@example.org", "kinds": ["turn", "invite", "end"]}}');
CREATE TABLE ry_sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES ry_accounts(id),
        created TEXT NOT NULL,
        seen TEXT NOT NULL);
CREATE TABLE ry_resets (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES ry_accounts(id),
    created TEXT NOT NULL);
CREATE TABLE ry_chat (
        game_id TEXT NOT NULL REFERENCES ry_games(id) ON DELETE CASCADE,
        id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        created TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, id));
INSERT INTO ry_chat VALUES('d23404391167',1,0,'Ann','Hello Bob <b>!</b>','2026-11-28T13:47:10.172+00:00',1795873630.1722307205);
INSERT INTO ry_chat VALUES('d23404391167',2,1,'Bob','Hi Ann','2026-11-28T13:47:10.172+00:00',1795873630.1723725796);
CREATE INDEX ry_games_created ON ry_games (created);
CREATE INDEX ry_games_bot_due ON ry_games (bot_due) WHERE bot_due = 1;
CREATE INDEX ry_sessions_account ON ry_sessions (account_id);
CREATE INDEX ry_seats_account ON ry_seats (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX ry_chat_seat_at ON ry_chat (game_id, seat, at);
COMMIT;
