--
-- PostgreSQL database dump
--

\restrict 0zXr6qwNGLV91DtEok9MC5NNKkRFSb1GatifB7RFYaxQ562djcWDcEgFRE9rb9v

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: ry_main55_fixture; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA ry_main55_fixture;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: ry_accounts; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_accounts (
    id text NOT NULL,
    name text NOT NULL,
    name_key text NOT NULL,
    pw_hash text NOT NULL,
    created text NOT NULL,
    disabled integer DEFAULT 0 NOT NULL,
    settings text DEFAULT '{}'::text NOT NULL
);


--
-- Name: ry_actions; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_actions (
    game_id text NOT NULL,
    idx integer NOT NULL,
    kind text NOT NULL,
    seat integer,
    body text NOT NULL,
    created text NOT NULL
);


--
-- Name: ry_chat; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_chat (
    game_id text NOT NULL,
    id integer NOT NULL,
    seat integer NOT NULL,
    name text NOT NULL,
    body text NOT NULL,
    created text NOT NULL,
    at double precision NOT NULL
);


--
-- Name: ry_games; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_games (
    id text NOT NULL,
    title text NOT NULL,
    players text NOT NULL,
    seed bigint NOT NULL,
    options text NOT NULL,
    created text NOT NULL,
    host_token_hash text,
    status text NOT NULL,
    to_act text NOT NULL,
    version integer NOT NULL,
    bot_due integer DEFAULT 0 NOT NULL,
    rematch text
);


--
-- Name: ry_rate; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_rate (
    client text NOT NULL,
    kind text NOT NULL,
    tokens double precision NOT NULL,
    at double precision NOT NULL,
    ok boolean NOT NULL
);


--
-- Name: ry_resets; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_resets (
    token_hash text NOT NULL,
    account_id text NOT NULL,
    created text NOT NULL
);


--
-- Name: ry_schema; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_schema (
    version integer NOT NULL,
    applied text NOT NULL
);


--
-- Name: ry_seats; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_seats (
    game_id text NOT NULL,
    seat integer NOT NULL,
    kind text NOT NULL,
    name text NOT NULL,
    token_hash text,
    bot_kind text,
    claim text,
    account_id text
);


--
-- Name: ry_sessions; Type: TABLE; Schema: ry_main55_fixture; Owner: -
--

CREATE TABLE ry_main55_fixture.ry_sessions (
    id_hash text NOT NULL,
    account_id text NOT NULL,
    created text NOT NULL,
    seen text NOT NULL
);


--
-- Data for Name: ry_accounts; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--

INSERT INTO ry_main55_fixture.ry_accounts VALUES ('f0f67b113773389f', 'Ann', 'ann', '$argon2id$v=19$m=65536,t=3,p=4$Jk4d7tfAlceGA8Bt1oQb3Q$a/xtSsEzbgwPHsRM7MSaCHuIuzEERYgZYytJ7tpfq5Y', '2026-11-28T13:48:23.280+00:00', 0, '{}');
INSERT INTO ry_main55_fixture.ry_accounts VALUES ('1350d321ce46a932', 'Bob', 'bob', '$argon2id$v=19$m=65536,t=3,p=4$biVo3Dv8R8gwvwycuc8MqA$fbvIEJzyqmoZQ2+I+LH4hWveI95cImtcP+PfoIp140k', '2026-11-28T13:48:23.810+00:00', 0, '{"notify": {"email": "bob@example.org", "kinds": ["turn", "invite", "end"]}}');


--
-- Data for Name: ry_actions; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--

INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 0, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T13:48:23.876+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 1, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T13:48:23.887+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 2, 'action', 2, '{"type": "bid", "player": 2, "company": "PRR", "amount": 7}', '2026-11-28T13:48:23.914+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 3, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T13:48:23.914+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 4, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T13:48:23.934+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 5, 'action', 1, '{"type": "bid", "player": 1, "company": "B&O", "amount": 6}', '2026-11-28T13:48:23.935+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 6, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T13:48:23.935+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 7, 'action', 2, '{"type": "bid", "player": 2, "company": "C&O", "amount": 5}', '2026-11-28T13:48:23.939+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 8, 'action', 0, '{"type": "bid", "player": 0, "company": "C&O", "amount": 6}', '2026-11-28T13:48:23.959+00:00');
INSERT INTO ry_main55_fixture.ry_actions VALUES ('60d2be17ce7e', 9, 'action', 2, '{"type": "bid", "player": 2, "company": "C&O", "amount": 7}', '2026-11-28T13:48:23.963+00:00');


--
-- Data for Name: ry_chat; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--

INSERT INTO ry_main55_fixture.ry_chat VALUES ('60d2be17ce7e', 1, 0, 'Ann', 'Hello Bob <b>!</b>', '2026-11-28T13:48:23.980+00:00', 1795873703.98026);
INSERT INTO ry_main55_fixture.ry_chat VALUES ('60d2be17ce7e', 2, 1, 'Bob', 'Hi Ann', '2026-11-28T13:48:23.981+00:00', 1795873703.9816036);


--
-- Data for Name: ry_games; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--

INSERT INTO ry_main55_fixture.ry_games VALUES ('60d2be17ce7e', 'chicago-express', '["Ann", "Bob", "Bot 1"]', 4547339860702492267, '{}', '2026-11-28T13:48:23.866+00:00', NULL, 'active', '[0]', 10, 0, NULL);


--
-- Data for Name: ry_rate; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--



--
-- Data for Name: ry_resets; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--



--
-- Data for Name: ry_schema; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--

INSERT INTO ry_main55_fixture.ry_schema VALUES (1, '2026-11-28T13:48:22.715+00:00');
INSERT INTO ry_main55_fixture.ry_schema VALUES (2, '2026-11-28T13:48:22.780+00:00');
INSERT INTO ry_main55_fixture.ry_schema VALUES (3, '2026-11-28T13:48:22.798+00:00');
INSERT INTO ry_main55_fixture.ry_schema VALUES (4, '2026-11-28T13:48:22.823+00:00');


--
-- Data for Name: ry_seats; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--

INSERT INTO ry_main55_fixture.ry_seats VALUES ('60d2be17ce7e', 0, 'human', 'Ann', 'a933fad90bb907cc6a6940324aa94735525b37c78ab22183322a9da94aa16533', NULL, NULL, 'f0f67b113773389f');
INSERT INTO ry_main55_fixture.ry_seats VALUES ('60d2be17ce7e', 1, 'human', 'Bob', '03d90582badb7d5728dd817e25ba301aa4f48c4f7e8f1c5686abd85657cc0bc3', NULL, NULL, '1350d321ce46a932');
INSERT INTO ry_main55_fixture.ry_seats VALUES ('60d2be17ce7e', 2, 'bot', 'Bot 1', NULL, NULL, NULL, NULL);


--
-- Data for Name: ry_sessions; Type: TABLE DATA; Schema: ry_main55_fixture; Owner: -
--



--
-- Name: ry_accounts ry_accounts_name_key_key; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_accounts
    ADD CONSTRAINT ry_accounts_name_key_key UNIQUE (name_key);


--
-- Name: ry_accounts ry_accounts_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_accounts
    ADD CONSTRAINT ry_accounts_pkey PRIMARY KEY (id);


--
-- Name: ry_actions ry_actions_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_actions
    ADD CONSTRAINT ry_actions_pkey PRIMARY KEY (game_id, idx);


--
-- Name: ry_chat ry_chat_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_chat
    ADD CONSTRAINT ry_chat_pkey PRIMARY KEY (game_id, id);


--
-- Name: ry_games ry_games_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_games
    ADD CONSTRAINT ry_games_pkey PRIMARY KEY (id);


--
-- Name: ry_rate ry_rate_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_rate
    ADD CONSTRAINT ry_rate_pkey PRIMARY KEY (client, kind);


--
-- Name: ry_resets ry_resets_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_resets
    ADD CONSTRAINT ry_resets_pkey PRIMARY KEY (token_hash);


--
-- Name: ry_seats ry_seats_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_seats
    ADD CONSTRAINT ry_seats_pkey PRIMARY KEY (game_id, seat);


--
-- Name: ry_sessions ry_sessions_pkey; Type: CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_sessions
    ADD CONSTRAINT ry_sessions_pkey PRIMARY KEY (id_hash);


--
-- Name: ry_chat_seat_at; Type: INDEX; Schema: ry_main55_fixture; Owner: -
--

CREATE INDEX ry_chat_seat_at ON ry_main55_fixture.ry_chat USING btree (game_id, seat, at);


--
-- Name: ry_games_bot_due; Type: INDEX; Schema: ry_main55_fixture; Owner: -
--

CREATE INDEX ry_games_bot_due ON ry_main55_fixture.ry_games USING btree (bot_due) WHERE (bot_due = 1);


--
-- Name: ry_games_created; Type: INDEX; Schema: ry_main55_fixture; Owner: -
--

CREATE INDEX ry_games_created ON ry_main55_fixture.ry_games USING btree (created);


--
-- Name: ry_seats_account; Type: INDEX; Schema: ry_main55_fixture; Owner: -
--

CREATE INDEX ry_seats_account ON ry_main55_fixture.ry_seats USING btree (account_id) WHERE (account_id IS NOT NULL);


--
-- Name: ry_sessions_account; Type: INDEX; Schema: ry_main55_fixture; Owner: -
--

CREATE INDEX ry_sessions_account ON ry_main55_fixture.ry_sessions USING btree (account_id);


--
-- Name: ry_actions ry_actions_game_id_fkey; Type: FK CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_actions
    ADD CONSTRAINT ry_actions_game_id_fkey FOREIGN KEY (game_id) REFERENCES ry_main55_fixture.ry_games(id);


--
-- Name: ry_chat ry_chat_game_id_fkey; Type: FK CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_chat
    ADD CONSTRAINT ry_chat_game_id_fkey FOREIGN KEY (game_id) REFERENCES ry_main55_fixture.ry_games(id) ON DELETE CASCADE;


--
-- Name: ry_resets ry_resets_account_id_fkey; Type: FK CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_resets
    ADD CONSTRAINT ry_resets_account_id_fkey FOREIGN KEY (account_id) REFERENCES ry_main55_fixture.ry_accounts(id);


--
-- Name: ry_seats ry_seats_game_id_fkey; Type: FK CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_seats
    ADD CONSTRAINT ry_seats_game_id_fkey FOREIGN KEY (game_id) REFERENCES ry_main55_fixture.ry_games(id);


--
-- Name: ry_sessions ry_sessions_account_id_fkey; Type: FK CONSTRAINT; Schema: ry_main55_fixture; Owner: -
--

ALTER TABLE ONLY ry_main55_fixture.ry_sessions
    ADD CONSTRAINT ry_sessions_account_id_fkey FOREIGN KEY (account_id) REFERENCES ry_main55_fixture.ry_accounts(id);


--
-- PostgreSQL database dump complete
--

\unrestrict 0zXr6qwNGLV91DtEok9MC5NNKkRFSb1GatifB7RFYaxQ562djcWDcEgFRE9rb9v

