"""The build lab (issue 18): search legal builds that score best against a field."""
