-- A CSV cell of the lead export (docs/leads.md "Export"): a formula start (= + - @, tab,
-- CR) gets a leading apostrophe; separators (`,` and Excel's `;`), quotes and line breaks
-- make it quoted, quotes doubled. The same rule in TypeScript is `csvCell`
-- (modules/leads/export-cells.ts); csv-cell.property.test.ts checks that they agree.
CREATE OR REPLACE FUNCTION lq_csv_cell(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v ~ '[",\r\n;]'
    THEN '"' || replace(CASE WHEN ascii(v) IN (61, 43, 45, 64, 9, 13) THEN '''' || v ELSE v END, '"', '""') || '"'
    ELSE CASE WHEN ascii(v) IN (61, 43, 45, 64, 9, 13) THEN '''' || v ELSE v END END
$$;
