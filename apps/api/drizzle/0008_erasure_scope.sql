-- (no change yet)
SELECT 1;
