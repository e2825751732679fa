<?php
// The standard battle varied by ?seed=N (0 .. 4294967295), fought in PHP with battle-server's
// rules: the same ~200-byte answer, byte for byte, as battle-server's /v1/battles/sample/N.
declare(strict_types=1);
require __DIR__ . '/lib/battle.php';

header('Content-Type: application/json');
$s = $_GET['seed'] ?? '';
if (!is_string($s) || preg_match('/^\d{1,10}$/', $s) !== 1 || (int) $s > 0xFFFFFFFF) {
    http_response_code(400);
    $shown = is_string($s) ? substr($s, 0, 64) : '(not a string)';
    echo json_encode([
        'error' => 'INVALID_ARGUMENT',
        'message' => "seed must be an integer from 0 to 4294967295 (got \"$shown\")",
    ], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
    return;
}
echo summarize(simulate(sample_battle((int) $s)));
