<?php
// The canned page: battle-server's canned answer (the standard battle's summary, 198 bytes),
// written with no work at all: the limit of Apache httpd prefork + mod_php on this machine.
header('Content-Type: application/json');
echo '{"seed":1,"winner":"attacker","rounds":5,"attacker":{"dead":0,"wounded":336081},"defender":{"dead":755166,"wounded":389024},"hash":"64e78feb1ee927ae4d36bf646d1e9985d8d71a938594c9d2b57389e61477071a"}';
