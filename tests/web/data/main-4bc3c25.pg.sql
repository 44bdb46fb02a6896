--
-- PostgreSQL database dump
--

\restrict vjCdKgFhesNneuSWLQHyA3C8Or7BkHBzINfxPZn9j8Yi8YnnLoFsGB8MQVzWWI5

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
-- Name: ry_main_fixture; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA ry_main_fixture;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: ry_actions; Type: TABLE; Schema: ry_main_fixture; Owner: -
--

CREATE TABLE ry_main_fixture.ry_actions (
    game_id text NOT NULL,
    idx integer NOT NULL,
    kind text NOT NULL,
    seat integer,
    body text NOT NULL,
    created text NOT NULL
);


--
-- Name: ry_games; Type: TABLE; Schema: ry_main_fixture; Owner: -
--

CREATE TABLE ry_main_fixture.ry_games (
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
-- Name: ry_rate; Type: TABLE; Schema: ry_main_fixture; Owner: -
--

CREATE TABLE ry_main_fixture.ry_rate (
    client text NOT NULL,
    kind text NOT NULL,
    tokens double precision NOT NULL,
    at double precision NOT NULL,
    ok boolean NOT NULL
);


--
-- Name: ry_seats; Type: TABLE; Schema: ry_main_fixture; Owner: -
--

CREATE TABLE ry_main_fixture.ry_seats (
    game_id text NOT NULL,
    seat integer NOT NULL,
    kind text NOT NULL,
    name text NOT NULL,
    token_hash text,
    bot_kind text,
    claim text
);


--
-- Data for Name: ry_actions; Type: TABLE DATA; Schema: ry_main_fixture; Owner: -
--

INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 0, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:41.856+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 1, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:41.886+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 2, 'action', 2, '{"type": "bid", "player": 2, "company": "PRR", "amount": 7}', '2026-11-28T09:56:41.901+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 3, 'action', 2, '{"type": "bid", "player": 2, "company": "B&O", "amount": 7}', '2026-11-28T09:56:41.913+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 4, 'action', 0, '{"type": "bid", "player": 0, "company": "B&O", "amount": 8}', '2026-11-28T09:56:41.926+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 5, 'action', 1, '{"type": "bid", "player": 1, "company": "B&O", "amount": 13}', '2026-11-28T09:56:41.986+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 6, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:41.989+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 7, 'action', 0, '{"type": "bid", "player": 0, "company": "B&O", "amount": 14}', '2026-11-28T09:56:41.993+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 8, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:41.994+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 9, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:41.997+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 10, 'action', 1, '{"type": "bid", "player": 1, "company": "C&O", "amount": 6}', '2026-11-28T09:56:41.998+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 11, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.001+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 12, 'action', 1, '{"type": "bid", "player": 1, "company": "NYC", "amount": 9}', '2026-11-28T09:56:42.010+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 13, 'action', 2, '{"type": "bid", "player": 2, "company": "NYC", "amount": 10}', '2026-11-28T09:56:42.017+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 14, 'action', 0, '{"type": "bid", "player": 0, "company": "NYC", "amount": 12}', '2026-11-28T09:56:42.019+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 15, 'action', 1, '{"type": "bid", "player": 1, "company": "NYC", "amount": 13}', '2026-11-28T09:56:42.020+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 16, 'action', 2, '{"type": "bid", "player": 2, "company": "NYC", "amount": 15}', '2026-11-28T09:56:42.021+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 17, 'action', 0, '{"type": "bid", "player": 0, "company": "NYC", "amount": 16}', '2026-11-28T09:56:42.026+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 18, 'action', 1, '{"type": "bid", "player": 1, "company": "NYC", "amount": 17}', '2026-11-28T09:56:42.027+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 19, 'action', 2, '{"type": "bid", "player": 2, "company": "NYC", "amount": 20}', '2026-11-28T09:56:42.028+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 20, 'action', 0, '{"type": "bid", "player": 0, "company": "NYC", "amount": 21}', '2026-11-28T09:56:42.029+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 21, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.031+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 22, 'action', 2, '{"type": "bid", "player": 2, "company": "NYC", "amount": 22}', '2026-11-28T09:56:42.033+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 23, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.039+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('69b1202b84cf', 24, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.045+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 0, 'action', 0, '{"type": "bid", "player": 0, "company": "DH", "amount": 75}', '2026-11-28T09:56:42.265+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 1, 'action', 1, '{"type": "buy_private", "player": 1, "company": "SV"}', '2026-11-28T09:56:42.268+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 2, 'action', 2, '{"type": "bid", "player": 2, "company": "MH", "amount": 119}', '2026-11-28T09:56:42.269+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 3, 'action', 3, '{"type": "pass", "player": 3}', '2026-11-28T09:56:42.271+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 4, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.272+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 5, 'action', 1, '{"type": "bid", "player": 1, "company": "MH", "amount": 124}', '2026-11-28T09:56:42.273+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 6, 'action', 2, '{"type": "bid", "player": 2, "company": "BO", "amount": 465}', '2026-11-28T09:56:42.275+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 7, 'action', 3, '{"type": "bid", "player": 3, "company": "DH", "amount": 84}', '2026-11-28T09:56:42.282+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 8, 'action', 0, '{"type": "bid", "player": 0, "company": "CA", "amount": 165}', '2026-11-28T09:56:42.284+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 9, 'action', 1, '{"type": "bid", "player": 1, "company": "CA", "amount": 172}', '2026-11-28T09:56:42.285+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 10, 'action', 2, '{"type": "bid", "player": 2, "company": "MH", "amount": 129}', '2026-11-28T09:56:42.286+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 11, 'action', 3, '{"type": "bid", "player": 3, "company": "CA", "amount": 177}', '2026-11-28T09:56:42.288+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 12, 'action', 0, '{"type": "bid", "player": 0, "company": "MH", "amount": 134}', '2026-11-28T09:56:42.289+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 13, 'action', 1, '{"type": "buy_private", "player": 1, "company": "CS"}', '2026-11-28T09:56:42.290+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 14, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.291+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 15, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.292+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 16, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.298+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 17, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.299+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 18, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.301+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 19, 'action', 2, '{"type": "par", "player": 2, "corporation": "B&O", "price": 71}', '2026-11-28T09:56:42.302+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 20, 'action', 2, '{"type": "par", "player": 2, "corporation": "B&M", "price": 67}', '2026-11-28T09:56:42.303+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 21, 'action', 3, '{"type": "par", "player": 3, "corporation": "C&O", "price": 67}', '2026-11-28T09:56:42.305+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 22, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.309+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 23, 'action', 1, '{"type": "par", "player": 1, "corporation": "CPR", "price": 90}', '2026-11-28T09:56:42.311+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 24, 'action', 3, '{"type": "par", "player": 3, "corporation": "ERIE", "price": 67}', '2026-11-28T09:56:42.312+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 25, 'action', 0, '{"type": "par", "player": 0, "corporation": "NYNH", "price": 82}', '2026-11-28T09:56:42.314+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 26, 'action', 1, '{"type": "par", "player": 1, "corporation": "NYC", "price": 71}', '2026-11-28T09:56:42.315+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 27, 'action', 3, '{"type": "pass", "player": 3}', '2026-11-28T09:56:42.318+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 28, 'action', 0, '{"type": "par", "player": 0, "corporation": "PRR", "price": 71}', '2026-11-28T09:56:42.322+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('bdd22e7396e8', 29, 'action', 1, '{"type": "buy_share", "player": 1, "corporation": "B&M", "source": "ipo"}', '2026-11-28T09:56:42.324+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 57, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 0, 'action', 0, '{"type": "bid", "player": 0, "company": "PRR", "amount": 38}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 1, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 2, 'action', 2, '{"type": "bid", "player": 2, "company": "PRR", "amount": 40}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 3, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 4, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 5, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 6, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 7, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 8, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 9, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 10, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 11, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 12, 'action', 1, '{"type": "bid", "player": 1, "company": "NYC", "amount": 15}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 13, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 14, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 15, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 16, 'action', 0, '{"type": "offer", "player": 0, "company": "B&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 17, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 18, 'action', 1, '{"type": "bid", "player": 1, "company": "B&O", "amount": 3}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 19, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 20, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 21, 'action', 1, '{"type": "build", "player": 1, "company": "B&O", "hex": "Q8"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 22, 'action', 1, '{"type": "build", "player": 1, "company": "B&O", "hex": "P8"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 23, 'action', 1, '{"type": "end_build", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 24, 'action', 2, '{"type": "choose", "player": 2, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 25, 'action', 2, '{"type": "build", "player": 2, "company": "B&O", "hex": "R6"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 26, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 27, 'action', 0, '{"type": "offer", "player": 0, "company": "B&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 28, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 29, 'action', 1, '{"type": "bid", "player": 1, "company": "B&O", "amount": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 30, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 31, 'action', 1, '{"type": "choose", "player": 1, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 32, 'action', 1, '{"type": "offer", "player": 1, "company": "C&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 33, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 34, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 35, 'action', 0, '{"type": "bid", "player": 0, "company": "C&O", "amount": 3}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 36, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 37, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 38, 'action', 0, '{"type": "choose", "player": 0, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 39, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "P9"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 40, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "O9"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 41, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 42, 'action', 1, '{"type": "build", "player": 1, "company": "B&O", "hex": "P6"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 43, 'action', 1, '{"type": "build", "player": 1, "company": "B&O", "hex": "O7"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 44, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 45, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 46, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 47, 'action', 0, '{"type": "develop", "player": 0, "hex": "O9"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 48, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 49, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "S2"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 50, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "R2"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 51, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "S1"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 52, 'action', 2, '{"type": "choose", "player": 2, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 53, 'action', 2, '{"type": "offer", "player": 2, "company": "PRR"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 54, 'action', 2, '{"type": "bid", "player": 2, "company": "PRR", "amount": 6}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 55, 'action', 0, '{"type": "bid", "player": 0, "company": "PRR", "amount": 7}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 56, 'action', 1, '{"type": "bid", "player": 1, "company": "PRR", "amount": 10}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 58, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 59, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 60, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 61, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 62, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "R0"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 63, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "R3"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 64, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "Q1"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 65, 'action', 2, '{"type": "choose", "player": 2, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 66, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 67, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 68, 'action', 0, '{"type": "develop", "player": 0, "hex": "R3"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 69, 'action', 1, '{"type": "choose", "player": 1, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 70, 'action', 1, '{"type": "offer", "player": 1, "company": "PRR"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 71, 'action', 1, '{"type": "bid", "player": 1, "company": "PRR", "amount": 9}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 72, 'action', 2, '{"type": "bid", "player": 2, "company": "PRR", "amount": 10}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 73, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 74, 'action', 1, '{"type": "bid", "player": 1, "company": "PRR", "amount": 15}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 75, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 76, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 77, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 78, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 79, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 80, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 81, 'action', 1, '{"type": "develop", "player": 1, "hex": "R2"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 82, 'action', 2, '{"type": "choose", "player": 2, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 83, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 84, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 85, 'action', 0, '{"type": "offer", "player": 0, "company": "C&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 86, 'action', 0, '{"type": "bid", "player": 0, "company": "C&O", "amount": 3}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 87, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 88, 'action', 2, '{"type": "bid", "player": 2, "company": "C&O", "amount": 7}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 89, 'action', 0, '{"type": "bid", "player": 0, "company": "C&O", "amount": 16}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 90, 'action', 2, '{"type": "bid", "player": 2, "company": "C&O", "amount": 20}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 91, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 92, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 93, 'action', 1, '{"type": "build", "player": 1, "company": "PRR", "hex": "S5"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 94, 'action', 1, '{"type": "build", "player": 1, "company": "PRR", "hex": "S4"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 95, 'action', 1, '{"type": "build", "player": 1, "company": "PRR", "hex": "R6"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 96, 'action', 2, '{"type": "choose", "player": 2, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 97, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 98, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 99, 'action', 0, '{"type": "develop", "player": 0, "hex": "Q1"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 100, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 101, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "S4"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 102, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "Q3"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 103, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "S5"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 104, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 105, 'action', 2, '{"type": "develop", "player": 2, "hex": "Q3"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 106, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 107, 'action', 0, '{"type": "offer", "player": 0, "company": "C&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 108, 'action', 0, '{"type": "bid", "player": 0, "company": "C&O", "amount": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 109, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 110, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 111, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 112, 'action', 1, '{"type": "build", "player": 1, "company": "PRR", "hex": "Q6"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 113, 'action', 1, '{"type": "build", "player": 1, "company": "PRR", "hex": "P5"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 114, 'action', 1, '{"type": "end_build", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 115, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 116, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 117, 'action', 0, '{"type": "choose", "player": 0, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 118, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 119, 'action', 1, '{"type": "choose", "player": 1, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 120, 'action', 1, '{"type": "offer", "player": 1, "company": "B&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 121, 'action', 1, '{"type": "bid", "player": 1, "company": "B&O", "amount": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 122, 'action', 2, '{"type": "bid", "player": 2, "company": "B&O", "amount": 3}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 123, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 124, 'action', 1, '{"type": "bid", "player": 1, "company": "B&O", "amount": 4}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 125, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 126, 'action', 2, '{"type": "choose", "player": 2, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 127, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 128, 'action', 0, '{"type": "choose", "player": 0, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 129, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "Q8"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 130, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "P8"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 131, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "N8"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 132, 'action', 1, '{"type": "choose", "player": 1, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 133, 'action', 1, '{"type": "forgo", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 134, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 135, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 136, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 137, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 138, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 139, 'action', 1, '{"type": "forgo", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 140, 'action', 2, '{"type": "choose", "player": 2, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 141, 'action', 2, '{"type": "build", "player": 2, "company": "B&O", "hex": "P7"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 142, 'action', 2, '{"type": "build", "player": 2, "company": "B&O", "hex": "N7"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 143, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 144, 'action', 0, '{"type": "develop", "player": 0, "hex": "N7"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 145, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 146, 'action', 1, '{"type": "forgo", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 147, 'action', 2, '{"type": "choose", "player": 2, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 148, 'action', 2, '{"type": "build", "player": 2, "company": "B&O", "hex": "N6"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 149, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 150, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 151, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 152, 'action', 1, '{"type": "develop", "player": 1, "hex": "N6"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 153, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 154, 'action', 2, '{"type": "forgo", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 155, 'action', 0, '{"type": "choose", "player": 0, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 156, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "M8"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 157, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "M9"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 158, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "P7"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 159, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 160, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "P1"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 161, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "O1"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 162, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "Q0"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 163, 'action', 2, '{"type": "choose", "player": 2, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 164, 'action', 2, '{"type": "build", "player": 2, "company": "PRR", "hex": "P4"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 165, 'action', 2, '{"type": "build", "player": 2, "company": "PRR", "hex": "Q5"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 166, 'action', 2, '{"type": "build", "player": 2, "company": "PRR", "hex": "O5"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 167, 'action', 0, '{"type": "choose", "player": 0, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 168, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "O8"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 169, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "L9"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 170, 'action', 0, '{"type": "build", "player": 0, "company": "C&O", "hex": "O10"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 171, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 172, 'action', 1, '{"type": "develop", "player": 1, "hex": "P1"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 173, 'action', 2, '{"type": "choose", "player": 2, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 174, 'action', 2, '{"type": "build", "player": 2, "company": "C&O", "hex": "M7"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 175, 'action', 2, '{"type": "build", "player": 2, "company": "C&O", "hex": "N6"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 176, 'action', 2, '{"type": "build", "player": 2, "company": "C&O", "hex": "M10"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 177, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 178, 'action', 0, '{"type": "offer", "player": 0, "company": "NYC"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 179, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 180, 'action', 1, '{"type": "bid", "player": 1, "company": "NYC", "amount": 8}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 181, 'action', 2, '{"type": "bid", "player": 2, "company": "NYC", "amount": 16}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 182, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 183, 'action', 1, '{"type": "choose", "player": 1, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 184, 'action', 1, '{"type": "offer", "player": 1, "company": "C&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 185, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 186, 'action', 2, '{"type": "bid", "player": 2, "company": "C&O", "amount": 3}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 187, 'action', 0, '{"type": "bid", "player": 0, "company": "C&O", "amount": 21}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 188, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 189, 'action', 2, '{"type": "choose", "player": 2, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 190, 'action', 2, '{"type": "offer", "player": 2, "company": "NYC"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 191, 'action', 2, '{"type": "pass", "player": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 192, 'action', 0, '{"type": "bid", "player": 0, "company": "NYC", "amount": 4}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 193, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 194, 'action', 0, '{"type": "choose", "player": 0, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 195, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 196, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 197, 'action', 1, '{"type": "develop", "player": 1, "hex": "M10"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 198, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 199, 'action', 2, '{"type": "develop", "player": 2, "hex": "M9"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 200, 'action', 0, '{"type": "choose", "player": 0, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 201, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 202, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 203, 'action', 1, '{"type": "develop", "player": 1, "hex": "Q0"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 204, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 205, 'action', 2, '{"type": "develop", "player": 2, "hex": "O10"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 206, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 207, 'action', 0, '{"type": "offer", "player": 0, "company": "C&O"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 208, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 209, 'action', 1, '{"type": "bid", "player": 1, "company": "C&O", "amount": 2}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 210, 'action', 2, '{"type": "bid", "player": 2, "company": "C&O", "amount": 3}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 211, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 212, 'action', 1, '{"type": "choose", "player": 1, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 213, 'action', 1, '{"type": "forgo", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 214, 'action', 2, '{"type": "choose", "player": 2, "action": "develop"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 215, 'action', 2, '{"type": "develop", "player": 2, "hex": "M7"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 216, 'action', 0, '{"type": "choose", "player": 0, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 217, 'action', 0, '{"type": "forgo", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 218, 'action', 1, '{"type": "choose", "player": 1, "action": "build"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 219, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "O2"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 220, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "R4"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 221, 'action', 1, '{"type": "build", "player": 1, "company": "NYC", "hex": "Q5"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 222, 'action', 2, '{"type": "choose", "player": 2, "action": "auction"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 223, 'action', 2, '{"type": "offer", "player": 2, "company": "NYC"}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 224, 'action', 2, '{"type": "bid", "player": 2, "company": "NYC", "amount": 5}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 225, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('4d255fb5d9e4', 226, 'action', 1, '{"type": "pass", "player": 1}', '2026-11-28T09:56:42.412+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('2662ee44afac', 0, 'action', 0, '{"type": "found", "player": 0, "column": 3, "hundreds": 1}', '2026-11-28T09:56:42.611+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('2662ee44afac', 1, 'action', 1, '{"type": "found", "player": 1, "column": 0, "hundreds": 11}', '2026-11-28T09:56:42.613+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('2662ee44afac', 2, 'action', 2, '{"type": "found", "player": 2, "column": 2, "hundreds": 1}', '2026-11-28T09:56:42.614+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('2662ee44afac', 3, 'action', 0, '{"type": "pass", "player": 0}', '2026-11-28T09:56:42.616+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('2662ee44afac', 4, 'action', 1, '{"type": "buy_city", "player": 1, "company": "black", "column": 0}', '2026-11-28T09:56:42.617+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('2662ee44afac', 5, 'action', 2, '{"type": "buy_city", "player": 2, "company": "blue", "column": 3}', '2026-11-28T09:56:42.621+00:00');
INSERT INTO ry_main_fixture.ry_actions VALUES ('2662ee44afac', 6, 'undo', 2, '{"undo": 5, "count": 1, "text": "Jo took back their last action: Jo buys for Blue Wheeling (city column 4) for $100 from its treasury; income +$0, 1 coast-to-coast symbol."}', '2026-11-28T09:56:42.623+00:00');


--
-- Data for Name: ry_games; Type: TABLE DATA; Schema: ry_main_fixture; Owner: -
--

INSERT INTO ry_main_fixture.ry_games VALUES ('2662ee44afac', 'north-american-railways', '["Hal", "Ida", "Jo"]', 3266530905506602273, '{"deck": ""}', '2026-11-28T09:56:42.600+00:00', '03cb50b6adfa0e23b4eb5fc8a790b00a8b5ccc70fa71cbdd6f32e7aa38be1b7f', 'active', '[2]', 7, 0, NULL);
INSERT INTO ry_main_fixture.ry_games VALUES ('bdd22e7396e8', '1830', '["Ann", "Bob", "Cy", "Di"]', 7, '{"extra_6_train": false, "diesels": true, "bank_cash": 12000, "unlimited_d_trains": false, "multiple_brown_from_ipo": false, "agreed_prices_need_consent": true, "route_may_start_and_end_in_one_red_area": false, "withhold_moves_at_once": false, "erie_token_replaced": false, "bankruptcy_sale_may_change_president": false, "train_limit_purchase_then_discard": false}', '2026-11-28T09:56:42.256+00:00', NULL, 'active', '[3]', 30, 0, NULL);
INSERT INTO ry_main_fixture.ry_games VALUES ('4d255fb5d9e4', 'chicago-express', '["Bot 1", "Bot 2", "Bot 3"]', 3, '{}', '2026-11-28T09:56:42.325+00:00', NULL, 'finished', '[]', 227, 0, NULL);
INSERT INTO ry_main_fixture.ry_games VALUES ('e3edb2af9114', 'american-rails', '["Eve", "Open", "Bot 1"]', 5, '{"board": "published"}', '2026-11-28T09:56:42.522+00:00', NULL, 'active', '[0]', 0, 0, NULL);
INSERT INTO ry_main_fixture.ry_games VALUES ('69b1202b84cf', 'chicago-express', '["Ann", "Bob", "Cy"]', 11, '{}', '2026-11-28T09:56:41.781+00:00', NULL, 'active', '[2]', 25, 0, NULL);


--
-- Data for Name: ry_rate; Type: TABLE DATA; Schema: ry_main_fixture; Owner: -
--



--
-- Data for Name: ry_seats; Type: TABLE DATA; Schema: ry_main_fixture; Owner: -
--

INSERT INTO ry_main_fixture.ry_seats VALUES ('69b1202b84cf', 0, 'human', 'Ann', '5b2b1fdecbabf5b94e36968fd9629891fa56495cfe74e0d97af3e16f73ea4ac1', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('69b1202b84cf', 1, 'human', 'Bob', '176e63bf71ff5bfba8da4d6b8f20695426874131a9fda4f55d110f6563fdf98b', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('69b1202b84cf', 2, 'human', 'Cy', '100fabec09765a1a6f9cd458f34a8b32e7c8fed1d66c50f1651bd01657374c53', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('bdd22e7396e8', 0, 'human', 'Ann', '8785836abe3132c28088b9a3f9b648a67927ed4a4b229b20523fc8c8b6eb152e', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('bdd22e7396e8', 1, 'human', 'Bob', 'd70ab41c8208a8140be47c2c3c935c32cac8abd60f54fcd9bf491dc17f2eeb4d', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('bdd22e7396e8', 2, 'human', 'Cy', 'e3b462366686fde46c99eb13c7ca670aba8853aa4972220ff98e56705e89f7db', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('bdd22e7396e8', 3, 'human', 'Di', 'd3af524f9b1c9c4dd9c25cf0a81d9b1c8d1355b30e0266c430399148b1b190e3', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('4d255fb5d9e4', 0, 'bot', 'Bot 1', NULL, NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('4d255fb5d9e4', 1, 'bot', 'Bot 2', NULL, NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('4d255fb5d9e4', 2, 'bot', 'Bot 3', NULL, NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('e3edb2af9114', 0, 'human', 'Eve', '210fb4f83eb1b394500fc5f24ad4527178dd42fbbe12a0c12de66b31b0897b70', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('e3edb2af9114', 1, 'human', 'Open', NULL, NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('e3edb2af9114', 2, 'bot', 'Bot 1', NULL, 'random', NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('2662ee44afac', 0, 'human', 'Hal', 'e95dded9477b9ac6a20de68a4f68bb17c88e505a692b2fe8dc63fedca343b1af', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('2662ee44afac', 1, 'human', 'Ida', '7bbbb410f008bf8302415fd67757a5183df82fdc2629fbd4cbbd341a0bcdf2d7', NULL, NULL);
INSERT INTO ry_main_fixture.ry_seats VALUES ('2662ee44afac', 2, 'human', 'Jo', '738892880b037ff9905fc1658771941e548d5dc67a0cc29da7b863f9ca33c83a', NULL, NULL);


--
-- Name: ry_actions ry_actions_pkey; Type: CONSTRAINT; Schema: ry_main_fixture; Owner: -
--

ALTER TABLE ONLY ry_main_fixture.ry_actions
    ADD CONSTRAINT ry_actions_pkey PRIMARY KEY (game_id, idx);


--
-- Name: ry_games ry_games_pkey; Type: CONSTRAINT; Schema: ry_main_fixture; Owner: -
--

ALTER TABLE ONLY ry_main_fixture.ry_games
    ADD CONSTRAINT ry_games_pkey PRIMARY KEY (id);


--
-- Name: ry_rate ry_rate_pkey; Type: CONSTRAINT; Schema: ry_main_fixture; Owner: -
--

ALTER TABLE ONLY ry_main_fixture.ry_rate
    ADD CONSTRAINT ry_rate_pkey PRIMARY KEY (client, kind);


--
-- Name: ry_seats ry_seats_pkey; Type: CONSTRAINT; Schema: ry_main_fixture; Owner: -
--

ALTER TABLE ONLY ry_main_fixture.ry_seats
    ADD CONSTRAINT ry_seats_pkey PRIMARY KEY (game_id, seat);


--
-- Name: ry_games_bot_due; Type: INDEX; Schema: ry_main_fixture; Owner: -
--

CREATE INDEX ry_games_bot_due ON ry_main_fixture.ry_games USING btree (bot_due) WHERE (bot_due = 1);


--
-- Name: ry_games_created; Type: INDEX; Schema: ry_main_fixture; Owner: -
--

CREATE INDEX ry_games_created ON ry_main_fixture.ry_games USING btree (created);


--
-- Name: ry_actions ry_actions_game_id_fkey; Type: FK CONSTRAINT; Schema: ry_main_fixture; Owner: -
--

ALTER TABLE ONLY ry_main_fixture.ry_actions
    ADD CONSTRAINT ry_actions_game_id_fkey FOREIGN KEY (game_id) REFERENCES ry_main_fixture.ry_games(id);


--
-- Name: ry_seats ry_seats_game_id_fkey; Type: FK CONSTRAINT; Schema: ry_main_fixture; Owner: -
--

ALTER TABLE ONLY ry_main_fixture.ry_seats
    ADD CONSTRAINT ry_seats_game_id_fkey FOREIGN KEY (game_id) REFERENCES ry_main_fixture.ry_games(id);


--
-- PostgreSQL database dump complete
--

\unrestrict vjCdKgFhesNneuSWLQHyA3C8Or7BkHBzINfxPZn9j8Yi8YnnLoFsGB8MQVzWWI5

