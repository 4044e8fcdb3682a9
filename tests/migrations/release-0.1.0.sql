BEGIN TRANSACTION;
CREATE TABLE hand_hosts (
	table_id VARCHAR(64) NOT NULL, 
	address VARCHAR(64) NOT NULL, 
	PRIMARY KEY (table_id), 
	FOREIGN KEY(table_id) REFERENCES hand_tables (id)
);
INSERT INTO "hand_hosts" VALUES('zRk_L4UVulru','846488f1dc5c07b4cebe5c14e0814b7b14f958f962c39ee7e5e5282c4b1e9474');
INSERT INTO "hand_hosts" VALUES('-zMSU1Cknup1','846488f1dc5c07b4cebe5c14e0814b7b14f958f962c39ee7e5e5282c4b1e9474');
INSERT INTO "hand_hosts" VALUES('TczsxdiW9zsT','846488f1dc5c07b4cebe5c14e0814b7b14f958f962c39ee7e5e5282c4b1e9474');
CREATE TABLE hand_presence (
	table_id VARCHAR(64) NOT NULL, 
	away JSON NOT NULL, 
	timer JSON, 
	PRIMARY KEY (table_id), 
	FOREIGN KEY(table_id) REFERENCES hand_tables (id)
);
CREATE TABLE hand_steps (
	table_id VARCHAR(64) NOT NULL, 
	version INTEGER NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	seat INTEGER, 
	client_id VARCHAR(128), 
	data JSON NOT NULL, 
	at FLOAT, 
	PRIMARY KEY (table_id, version), 
	FOREIGN KEY(table_id) REFERENCES hand_tables (id)
);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',1,'deal',NULL,NULL,'{"hands": [["4S", "5S", "JS", "AH", "3H", "7H", "7H", "7D", "3C", "7C", "8C", "TC", "QC", "KC"], ["4S", "6S", "9S", "QS", "QS", "KS", "4H", "6H", "QH", "TD", "KD", "2C", "6C", "7C", "JC"]], "indicator": "AS", "stock": ["5H", "6H", "7S", "KD", "4D", "AH", "JD", "4H", "5C", "JD", "KH", "3S", "TH", "AS", "2S", "KC", "9H", "3H", "2S", "9D", "8S", "6D", "JH", "AD", "9C", "TS", "TD", "3C", "8H", "4C", "X", "6S", "8S", "QC", "3D", "2C", "KS", "8D", "2D", "AD", "TC", "3S", "AC", "5H", "6D", "8H", "4C", "2D", "3D", "KH", "7D", "9H", "9S", "5S", "6C", "JC", "QH", "8D", "9C", "4D", "TS", "QD", "TH", "7S", "5D", "5C", "JS", "QD", "AC", "X", "JH", "5D", "9D", "2H", "2H", "8C"]}',1.79651522024878597264e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',2,'action',1,NULL,'{"seat": 1, "discard": "TD"}',1.79651522026565361022e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',3,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1.79651522027112865451e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',4,'action',0,NULL,'{"seat": 0, "discard": "AH"}',1.79651522028464508051e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',5,'action',1,NULL,'{"seat": 1, "draw": "stock"}',1.79651522029291582107e+09);
INSERT INTO "hand_steps" VALUES('-zMSU1Cknup1',1,'deal',NULL,NULL,'{"hands": [["4S", "5S", "JS", "AH", "3H", "7H", "7H", "7D", "3C", "7C", "8C", "TC", "QC", "KC"], ["4S", "6S", "9S", "QS", "QS", "KS", "4H", "6H", "QH", "TD", "KD", "2C", "6C", "7C", "JC"]], "indicator": "AS", "stock": ["5H", "6H", "7S", "KD", "4D", "AH", "JD", "4H", "5C", "JD", "KH", "3S", "TH", "AS", "2S", "KC", "9H", "3H", "2S", "9D", "8S", "6D", "JH", "AD", "9C", "TS", "TD", "3C", "8H", "4C", "X", "6S", "8S", "QC", "3D", "2C", "KS", "8D", "2D", "AD", "TC", "3S", "AC", "5H", "6D", "8H", "4C", "2D", "3D", "KH", "7D", "9H", "9S", "5S", "6C", "JC", "QH", "8D", "9C", "4D", "TS", "QD", "TH", "7S", "5D", "5C", "JS", "QD", "AC", "X", "JH", "5D", "9D", "2H", "2H", "8C"]}',1.79651522029689836496e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',6,'action',1,NULL,'{"seat": 1, "discard": "JC"}',1.79651522031376099583e+09);
INSERT INTO "hand_steps" VALUES('-zMSU1Cknup1',2,'action',1,NULL,'{"seat": 1, "discard": "TD"}',1.79651522032072377202e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',7,'action',0,NULL,'{"seat": 0, "draw": "discard"}',1.79651522033901619914e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',8,'action',0,NULL,'{"seat": 0, "meld": [["7H", "7D", "7C"]]}',1.79651522035320711139e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',9,'action',0,NULL,'{"seat": 0, "meld": [["TC", "JC", "QC", "KC"]]}',1.79651522036849069599e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',10,'action',0,NULL,'{"seat": 0, "discard": "JS"}',1.79651522038647460939e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',11,'action',1,NULL,'{"seat": 1, "draw": "stock"}',1.7965152203909590244e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',12,'action',1,NULL,'{"seat": 1, "discard": "KD"}',1.79651522040248060223e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',13,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1.79651522041283845899e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',14,'action',0,NULL,'{"seat": 0, "discard": "KD"}',1.79651522041702866551e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',15,'action',1,NULL,'{"seat": 1, "draw": "stock"}',1.79651522042667770385e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',16,'action',1,NULL,'{"seat": 1, "discard": "QS"}',1.79651522044379186636e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',17,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1.79651522045370650292e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',18,'action',0,NULL,'{"seat": 0, "discard": "AH"}',1.79651522046839833262e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',19,'action',1,NULL,'{"seat": 1, "draw": "stock"}',1.79651522047926425935e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',20,'action',1,NULL,'{"seat": 1, "discard": "JD"}',1.79651522048187375067e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',21,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1.79651522048890423775e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',22,'action',0,NULL,'{"seat": 0, "meld": [["3H", "4H", "5H"]]}',1.79651522049017834661e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',23,'action',0,NULL,'{"seat": 0, "discard": "8C"}',1.79651522049555826187e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',24,'action',1,NULL,'{"seat": 1, "draw": "stock"}',1.79651522049882555014e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',25,'action',1,NULL,'{"seat": 1, "discard": "KS"}',1.79651522050867080686e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',26,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1.79651522051211285594e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',27,'action',0,NULL,'{"seat": 0, "discard": "JD"}',1.79651522052709102634e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',28,'action',1,NULL,'{"seat": 1, "draw": "stock"}',1.79651522053055310245e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',29,'action',1,NULL,'{"seat": 1, "discard": "QS"}',1.79651522053844785687e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',30,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1.79651522054459047324e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',31,'action',0,NULL,'{"seat": 0, "meld": [["3S", "4S", "5S"]]}',1.79651522055098271371e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',32,'action',0,NULL,'{"seat": 0, "discard": "7H"}',1.79651522055713057518e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',33,'action',1,NULL,'{"seat": 1, "draw": "discard"}',1.79651522056199765197e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',34,'action',1,NULL,'{"seat": 1, "meld": [["4S", "4H", "4D"]]}',1.79651522057614684109e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',35,'action',1,NULL,'{"seat": 1, "meld": [["6S", "6H", "6C"]]}',1.79651522058284497263e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',36,'action',1,NULL,'{"seat": 1, "meld": [["7S", "7H", "7C"]]}',1.79651522059214901918e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',37,'action',1,NULL,'{"seat": 1, "add": "6H", "to": 2}',1.79651522059849691392e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',38,'action',1,NULL,'{"seat": 1, "discard": "QH"}',1.79651522062923288351e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',39,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1796515220.64247);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',40,'action',0,NULL,'{"seat": 0, "discard": "TH"}',1.79651522065511012079e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',41,'action',1,NULL,'{"seat": 1, "draw": "stock"}',1.79651522066677689555e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',42,'action',1,NULL,'{"seat": 1, "discard": "AS"}',1.79651522067844581602e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',43,'action',0,NULL,'{"seat": 0, "draw": "stock"}',1.79651522069024682046e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',44,'action',0,NULL,'{"seat": 0, "add": "2S", "to": 3}',1.79651522070298171043e+09);
INSERT INTO "hand_steps" VALUES('zRk_L4UVulru',45,'action',0,NULL,'{"seat": 0, "discard": "3C"}',1.79651522070548486705e+09);
CREATE TABLE hand_tables (
	id VARCHAR(64) NOT NULL, 
	created_at DATETIME NOT NULL, 
	config JSON NOT NULL, 
	seed VARCHAR(128) NOT NULL, 
	version INTEGER NOT NULL, 
	finished BOOLEAN NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "hand_tables" VALUES('zRk_L4UVulru','2026-12-06 00:00:20.242623','{"rules": {"preset": "levant", "options": {"rounds": 1}}, "partnership": false, "seats": [{"kind": "bot", "name": "greedy 0", "bot": "greedy", "token_sha256": null}, {"kind": "bot", "name": "greedy 1", "bot": "greedy", "token_sha256": null}], "host_sha256": "6abc6c014663309356ae0c927c026a4e604e1e325b57cbf5a9a29484abf93e12"}','release-fixture',45,1);
INSERT INTO "hand_tables" VALUES('-zMSU1Cknup1','2026-12-06 00:00:20.285200','{"rules": {"preset": "levant", "options": {"rounds": 1}}, "partnership": false, "seats": [{"kind": "human", "name": "Ali", "bot": null, "token_sha256": "4f24c7d998b12f058085c06c953b9926735c60a135cade78b145e347296a455f"}, {"kind": "bot", "name": "greedy 1", "bot": "greedy", "token_sha256": null}], "host_sha256": "745d4ff3582cad0ecde4ace9cbc5127a2bf23abab1ff1d4a5e8783e264c51963"}','release-fixture',2,0);
INSERT INTO "hand_tables" VALUES('TczsxdiW9zsT','2026-12-06 00:00:20.339054','{"rules": {"preset": "levant", "options": {}}, "partnership": false, "seats": [{"kind": "human", "name": "Huda", "bot": null, "token_sha256": "90b3713a29f195b8f0c6c9e3a71d2259fbaf4f0b90b9123930d93cd221670a77"}, {"kind": "open", "name": "seat 2", "bot": null, "token_sha256": null}], "host_sha256": "c3f1954fbc21eb5fb224fb479fde9cabf53480dad64d9b6de47818f019fedf48", "room": {"public": true, "spectator_chat": "apart", "waiting": true, "decliners": "bots", "rev": 0, "next": null, "previous": null}}','release-fixture',0,0);
CREATE INDEX ix_hand_hosts_address ON hand_hosts (address);
COMMIT;
